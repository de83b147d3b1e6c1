/**
 * Pieces every application form shares (rank-user, membership, 2024 person, works, company):
 * labelled fields, uploaders, server-side drafts, states and withdrawal.
 */
export { applicationStrings } from './strings.js';
export {
  checkForm,
  fieldErrorsOfRefusal,
  forgetHandedOverFieldErrors,
  handedOverFieldErrors,
  handOverFieldErrors,
  idFactErrorsOf,
  withoutBlanks,
  type FieldErrors,
  type FormCheck,
} from './form-check.js';
export {
  FormSection,
  InfoList,
  InfoRow,
  RadioInput,
  SelectInput,
  TextAreaInput,
  TextInput,
  type Option,
} from './components/fields.js';
export { DatePickerInput, RegionPickerInput } from './components/pickers.js';
export { ContactPhoneInput } from './components/contact-phone-input.js';
export {
  PersonalInfoFields,
  ageProblemOf,
  basicKeys,
  workInfoKeys,
  idFactProblemsOf,
  personalInfoKeys,
  personalInfoLabels,
  type PersonalInfoValue,
} from './components/personal-info-fields.js';
export { ImageUploader, checkImageFile, type ImageUploaderProps } from './components/image-uploader.js';
export { VideoUploader, type VideoUploaderProps } from './components/video-uploader.js';
export { WithdrawButton, type WithdrawButtonProps } from './components/withdraw-dialog.js';
export { openImage } from './components/open-image.js';
export { DraftIndicator, StartingAnswersNotice } from './components/draft-indicator.js';
// before the drafts, so that the shared chunk keeps the drafts' name (the entry lists every chunk's file name)
export { useStartingAnswers, personalFieldsOf, prefillKey, type StartingAnswers } from './hooks/use-prefill.js';
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
export { useMyApplications, myApplicationsKey } from './hooks/use-my-applications.js';
export { useAgeRange } from './hooks/use-age-range.js';
export { useFileUrl, rememberFileUrl, rememberFileUrls } from './hooks/use-file-url.js';
export { applicationOps, uploadImage, fileEndpoint, type UploadPurpose } from './api/operations.js';
export { checkVideoFile, fileIdOfUploadUrl, startVideoUpload } from './api/video-upload.js';
