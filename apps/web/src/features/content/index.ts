/**
 * What other features use of the committee content: list states, article HTML, the content queries
 * the programme pages read, the person avatar, and the signal that content changed (the console).
 */
export { ListEmpty, ListError, ListSkeleton, LoadMore, Refreshable } from './components/list-states.js';
export { RichText } from './components/rich-text.js';
export { PersonAvatar } from './components/person-avatar.js';
export { contentKeys, refreshFresh, useArticle, useArticles, useContentSeasons } from './hooks/use-content.js';
export { contentChanged } from './api/operations.js';
