const encodeRfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A query-signed address's canonical query string, as S3 and Cloud Storage rebuild it to check the
 * signature: every parameter but the signature, names and values RFC 3986-encoded, sorted by name.
 */
export function canonicalQuery(url: URL, signatureParameter: string): string {
  return [...url.searchParams]
    .filter(([name]) => name !== signatureParameter)
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}
