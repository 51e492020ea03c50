import type { BrowserContext, Page } from "playwright-core";

/**
 * What the browser refused under the server's Content-Security-Policy, page by page: Chromium says
 * each refusal on the console ("Refused to load ... because it violates the following Content
 * Security Policy directive"), and fires securitypolicyviolation, which the init script reports.
 */
export class ContentPolicyWatch {
  readonly refusals: string[] = [];

  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding("__guildsCspViolation", (_source, text: string) => {
      this.refusals.push(text);
    });
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __guildsCspViolation(text: string): void })
          .__guildsCspViolation;
        report(`${event.violatedDirective} refused ${event.blockedURI || "inline"} on ${event.documentURI}`);
      });
    });
    context.on("page", (page) => this.watchConsole(page));
  }

  watchConsole(page: Page): void {
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        this.refusals.push(message.text());
    });
  }

  /** Throws, listing them, when the browser refused anything. */
  expectNone(): void {
    if (this.refusals.length > 0)
      throw new Error(`the browser refused under the CSP:\n${this.refusals.join("\n")}`);
  }
}
