/**
 * What the server answers for a page address whose existence depends on data (a `:param` route of
 * the shell's page table, such as /services/:platform): the page (200, with the title of what is
 * there when known), a move (301 to the new address), or nothing there (404, with the shell's page,
 * which shows Page Not Found). A module that owns such data provides it (the catalogue does, for
 * pricing pages: docs/catalogue.md, "Addresses"); without a provider every such address is a page.
 */
export type PageAnswer = { status: 200; name?: string } | { status: 301; location: string } | { status: 404 };

export abstract class PageAddresses {
  /** `route` is the page table's pattern that matched (e.g. '/services/:platform'), `params` its parameters as the router gives them. */
  abstract answer(route: string, params: Record<string, string>): Promise<PageAnswer>;

  /** Every value of the route's one parameter that is a page (for /sitemap.xml); none known by default. */
  values(_route: string): Promise<string[]> {
    return Promise.resolve([]);
  }
}
