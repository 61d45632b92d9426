/**
 * A customer's profile link as a provider panel is sent it: in ASCII, as a browser sends an
 * address (docs/fulfilment.md#links-in-ascii). The WHATWG URL parser gives the host as punycode
 * (`bücher.de` → `xn--bcher-kva.de`) and percent-encodes the path, query and fragment
 * (`/@café` → `/@caf%C3%A9`); panels refuse the raw characters as a bad link. An address already
 * in ASCII comes back as the parser writes it (only its scheme and host lower-cased); text that is
 * not an absolute URL (checked at checkout, so not expected here) is sent as it is.
 */
export function asciiLink(link: string): string {
  if (!URL.canParse(link)) return link;
  return new URL(link).href;
}
