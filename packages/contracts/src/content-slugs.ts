/**
 * Stable slugs of the articles screens ask for by name (GET contentArticle?slug=…): the intro tab
 * and homeIntro show `intro`; pages/cxb/index `programmeOverview`; pages/cxb/process `programmeProcess`.
 * Apart from the content schemas so that a screen can name one without loading zod.
 */
export const contentSlugs = {
  intro: 'intro',
  structure: 'structure',
  charter: 'charter',
  programmeOverview: 'cxb-overview',
  programmeProcess: 'cxb-process',
} as const;
