/** What other features use of notifications: the account tab's entry with its unread count. */
export { NotificationsEntry } from './components/notifications-entry.js';
