/**
 * What other features use of the 2024 programme: the pieces of an entry's form and result that the
 * membership application shares with the programme's entries. (The home tab's status card is given
 * to the home screen by its route, so that the home entry route does not load these.)
 */
export { EntryPhoto } from './components/entry-files.js';
export { FormNotice, NotEditable, ResultBody, ResultPlaceholder } from './components/entry-result.js';
export { draftIdOf } from './draft-id.js';
export { entryModeOf } from './entry-mode.js';
export { editTargetOf, useEntryForm, type EditTarget, type EntryForm } from './hooks/use-entry-form.js';
export { programmeStrings } from './strings.js';
