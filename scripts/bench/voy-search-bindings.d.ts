/** The wasm-bindgen glue of voy-search, imported directly by the Node loader. */
declare module 'voy-search/voy_search_bg.js' {
  export * from 'voy-search';
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
}
