/** An attention mark at the start of the title, as attentionMark writes it. */
const MARK = /^\(\d+!?\) /;

let mark = "";
let observer: MutationObserver | null = null;

/**
 * Puts `next` (attentionMark's text) before the tab's title, and keeps it there while pages set
 * their own titles (the breadcrumbs name the tab after the page): each new title gets the mark.
 */
export function setTitleMark(next: string): void {
  mark = next;
  apply();
  if (observer === null && typeof MutationObserver !== "undefined") {
    observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  }
}

function apply(): void {
  const base = document.title.replace(MARK, "");
  const wanted = `${mark}${base}`;
  if (document.title !== wanted) document.title = wanted;
}
