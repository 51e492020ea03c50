import path from "node:path";

/** The client's verdicts on the engine's certificate (OpenSSL's and Node's codes). */
const UNTRUSTED_SERVER = new Set([
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_SIGNATURE_FAILURE",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * Why a request to the engine failed, in words that say what to change: the socket, the
 * connection, or (with `tlsCertPath`, the folder of the TLS files) which side of TLS refused.
 */
export function engineFailureReason(caught: unknown, tlsCertPath?: string): string {
  const code = String((caught as { code?: unknown }).code ?? "");
  const message = caught instanceof Error ? caught.message : String(caught);
  if (code === "ENOENT") return "there is no such socket";
  if (code === "EACCES") return "permission denied (run as root or as a member of the engine's group)";
  if (code === "ECONNREFUSED") return "nothing listens there (connection refused)";
  if (tlsCertPath === undefined) {
    if (code === "ECONNRESET" || /HTTPS server/.test(message))
      return `${message}; if the engine listens with TLS (dockerd --tlsverify), set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH`;
    return message;
  }
  if (UNTRUSTED_SERVER.has(code))
    return `the engine's certificate is not trusted (${message}): ${path.join(tlsCertPath, "ca.pem")} must be the CA that signed it (dockerd's --tlscacert), and the certificate must name the host of DOCKER_HOST`;
  if (code === "ECONNRESET" || code === "EPIPE" || /^ERR_SSL_.*ALERT/.test(code))
    return `the engine closed the TLS connection (${message}): it did not accept the client certificate ${path.join(tlsCertPath, "cert.pem")}, which must be signed by the CA the engine trusts (dockerd's --tlscacert)`;
  if (code === "EPROTO" || /^ERR_SSL_/.test(code))
    return `TLS failed (${message}): if the engine there does not speak TLS, unset DOCKER_TLS_VERIFY and DOCKER_CERT_PATH, else use its TLS port`;
  return message;
}
