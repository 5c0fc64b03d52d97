// Kept only while the music section still imports it from here: use ../ConfirmDialog, then delete this file.
export { ConfirmDialog as ConfirmButton } from '../ConfirmDialog';
