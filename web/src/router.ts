// Pages live in the URL's fragment (#/play/<id>, #/replay/<id>?step=3), so the
// gateway serves one index.html and every link, a replay step's too, can be shared.
export function go(hash: string): void {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}

export function route(): { parts: string[]; params: URLSearchParams } {
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  return { parts: path.split("/").filter(Boolean), params: new URLSearchParams(query ?? "") };
}
