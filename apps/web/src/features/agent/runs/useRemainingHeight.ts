import { type RefObject, useLayoutEffect, useState } from "react";

/** The least height a page that fills the window keeps on a short window (px). */
const MIN_HEIGHT_PX = 420;

/**
 * The window's height below the element's top: a page that fills the rest of the window, whatever
 * the layout puts above it, so its own lists scroll inside it (the flow is virtualised and needs a
 * bounded scroll box), not the document.
 */
export function useRemainingHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const update = () => {
      const element = ref.current;
      if (element === null) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT_PX, Math.floor(window.innerHeight - top)));
    };
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [ref]);
  return height;
}
