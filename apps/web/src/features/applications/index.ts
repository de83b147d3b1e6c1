/**
 * Pieces every application form shares (rank-user, membership, 2024 person, works, company):
 * labelled fields, uploaders, server-side drafts, states and withdrawal.
 */
export { applicationStrings } from './strings.js';
export { checkForm, withoutBlanks, type FieldErrors, type FormCheck } from './form-check.js';
export {
  DateInput,
  FormSection,
  InfoList,
  InfoRow,
  RadioInput,
  SelectInput,
  TextAreaInput,
  TextInput,
  type Option,
} from './components/fields.js';
export {
  PersonalInfoFields,
  basicKeys,
  workInfoKeys,
  factsOfIdNumber,
  personalInfoKeys,
  personalInfoLabels,
  type PersonalInfoValue,
} from './components/personal-info-fields.js';
export { ImageUploader, checkImageFile, type ImageUploaderProps } from './components/image-uploader.js';
export { VideoUploader, type VideoUploaderProps } from './components/video-uploader.js';
export { WithdrawButton, type WithdrawButtonProps } from './components/withdraw-dialog.js';
export { DraftIndicator } from './components/draft-indicator.js';
export { FormFooter, FormSteps } from './components/form-steps.js';
export {
  useDraftAutosave,
  useDraftStore,
  flushAllDrafts,
  forgetDrafts,
  AUTOSAVE_DELAY_MS,
  type DraftAutosave,
  type DraftOptions,
} from './hooks/use-draft-autosave.js';
export { useFileUrl, rememberFileUrl, rememberFileUrls } from './hooks/use-file-url.js';
export { applicationOps, uploadImage, fileEndpoint, type UploadPurpose } from './api/operations.js';
export { checkVideoFile, fileIdOfUploadUrl, startVideoUpload } from './api/video-upload.js';
