// The policy server's defaults: what hook-run serve's flags fall back to,
// and what its help says.

/** The port when none is given. */
export const DEFAULT_SERVE_PORT = 8787;
/** How long a connection may take to send a request's headers, or wait idle between requests: 10 s. */
export const DEFAULT_HEADER_TIMEOUT_S = 10;
/** How long a request's body may take to arrive once its headers are in: 30 s. */
export const DEFAULT_BODY_TIMEOUT_S = 30;
/** The most connections open at once: well under the usual descriptor limit of 1024, with room for hooks. */
export const DEFAULT_MAX_CONNECTIONS = 256;
/** What all request bodies in flight may hold together, in MiB: four of the largest. */
export const DEFAULT_BODY_MEMORY_MIB = 64;
/** The size the audit log (`--record`) is rotated at: 64 MiB. */
export const DEFAULT_RECORD_MAX_BYTES = 64 * 1024 * 1024;
/** Rotated audit logs kept (FILE.1 … FILE.5). */
export const DEFAULT_RECORD_KEEP = 5;
