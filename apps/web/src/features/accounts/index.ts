/** What other features use of accounts: the signed-in account's profile (the console's role checks). */
export { useUserInfo } from './hooks/use-profile.js';
