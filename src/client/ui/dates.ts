// Dates and times as players read them, in the game's language and their own locale's variant of it
// (src/client/i18n/format.ts); a missing or broken date shows as a dash, never an error.
export { formatDate, formatDateTime, formatTime } from '../i18n/format';
