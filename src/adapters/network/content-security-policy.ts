/**
 * Archivist's Content-Security-Policy, written once: the page's `<meta>` in index.html, the header
 * `vite preview` (`npm start`) sends with every response, and `public/_headers` for static hosts
 * are checked against it by tests/unit/network/content-security-policy.test.ts.
 *
 * The page fetches only its own files; the workers, which take their policy from their script's
 * response headers and never from the page's `<meta>`, download models and talk to the answering
 * server. A header cannot know the hosts a user sets, so it allows any https origin and http on
 * this machine, and the network guard in each worker allows only the hosts the settings name (see
 * docs/decisions/0005-network-policy.md).
 */

type Directives = Readonly<Record<string, readonly string[]>>;

const SHARED: Directives = {
  'worker-src': ["'self'"],
  // Svelte's style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'media-src': ["'none'"],
  'frame-src': ["'none'"],
  'form-action': ["'none'"],
  'base-uri': ["'self'"],
};

/** For index.html's `<meta>`: the page runs no WebAssembly and connects only to its own origin. */
export const PAGE_POLICY = serialise({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  ...SHARED,
  'connect-src': ["'self'"],
});

/**
 * For every response's `Content-Security-Policy` header; workers get only this one. WebAssembly:
 * onnxruntime-web, the vector kernel, pdf.js's image decoders, web-llm's model libraries. Scripts
 * from `blob:`: transformers.js imports onnxruntime's WebAssembly loader (an app file) as a blob it
 * made. `blob:` and `data:` to connect to: in-memory files (web-llm's tokenizer runtime is a
 * `data:` URL). `frame-ancestors` works only in a header.
 */
export const HEADER_POLICY = serialise({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'", 'blob:'],
  ...SHARED,
  'connect-src': ["'self'", 'blob:', 'data:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  'frame-ancestors': ["'none'"],
});

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
