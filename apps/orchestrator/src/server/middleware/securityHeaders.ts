import { secureHeaders } from "hono/secure-headers";

/**
 * The web app keeps its operator token in localStorage, so no other script may run in its pages:
 * they load their scripts, styles and fonts from this server alone (Vite's build has no inline
 * script; React sets styles through the DOM, which CSP allows), talk to this server alone (the API,
 * the event streams), and no other site may frame them. Every answer gets these headers: on JSON
 * they cost nothing and cover a page a browser might make of it.
 */
export const webAppSecurityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    // The favicon is a data: URI.
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
  // Served over plain HTTP on loopback by default; HSTS is for the TLS proxy in front to set.
  strictTransportSecurity: false,
});
