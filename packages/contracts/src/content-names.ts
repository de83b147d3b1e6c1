/**
 * Names of content that screens use without its schemas (so without loading zod): the article
 * categories and the stable slugs.
 */
export const articleCategories = ['intro', 'news', 'document', 'programme', 'award'] as const;

/**
 * Stable slugs of the articles screens ask for by name (GET contentArticle?slug=…): the intro tab
 * and homeIntro show `intro`; pages/cxb/index `programmeOverview`; pages/cxb/process `programmeProcess`.
 */
export const contentSlugs = {
  intro: 'intro',
  structure: 'structure',
  charter: 'charter',
  programmeOverview: 'cxb-overview',
  programmeProcess: 'cxb-process',
} as const;
