import type { ContentDefaults, PageName, SectionKey } from "./defaults";

/** One section of a page as the storefront renders it: saved values merged over the defaults. */
export interface PageSection<P extends PageName, S extends SectionKey<P> = SectionKey<P>> {
  key: S;
  isActive: boolean;
  order: number;
  content: ContentDefaults[P][S];
}

export type PageSections<P extends PageName> = { [S in SectionKey<P>]: PageSection<P, S> };

export interface PageContent<P extends PageName> {
  page: P;
  /** Every known section by key, active or not. */
  sections: PageSections<P>;
  /** The keys of the active sections, in display order (section_order, then the default order). */
  order: SectionKey<P>[];
}
