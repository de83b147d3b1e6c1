/** Every API path, once. Web and API both import these; no hand-written URLs elsewhere. */
export const apiPaths = {
  // seed operations (spec §7, PRODUCT §3)
  login: '/v1/login',
  register: '/v1/registerUser',
  getRankUser: '/v1/getRankUserInfo',
  getApplyStatus: '/v1/getApplyStatus',
  submit: '/v1/rankUserApply',
  update: '/v1/rankUserUpdate',
  updatePSD: '/v1/updatePassword',
  bindUser: '/v1/bindWxUser',
  getCurrentStatus: '/v1/getCurrentStatus',
  applyPerson: '/v1/applyPerson',
  updateApplyPerson: '/v1/updateApplyPerson',
  updateProfile: '/v1/updateProfile',
  getPersonInfo: '/v1/getPersonInfo',
  memberApply: '/v1/memberApply',
  memberUpdate: '/v1/memberUpdate',
  // the project's own
  wxAuthorizeUrl: '/v1/wxAuthorizeUrl',
  getUserInfo: '/v1/getUserInfo',
  updatePhone: '/v1/updatePhone',
  logout: '/v1/logout',
  uploadAvatar: '/v1/uploadAvatar',
  /** GET `${avatarFile}/:name` serves an uploaded avatar */
  avatarFile: '/v1/avatars',
  // applications (issue: applications)
  getMemberInfo: '/v1/getMemberInfo',
  getThemes: '/v1/getThemes',
  getWorks: '/v1/getWorks',
  getWork: '/v1/getWork',
  addWork: '/v1/addWork',
  updateWork: '/v1/updateWork',
  applyCompany: '/v1/applyCompany',
  updateApplyCompany: '/v1/updateApplyCompany',
  getCompanyInfo: '/v1/getCompanyInfo',
  saveDraft: '/v1/saveDraft',
  getDraft: '/v1/getDraft',
  withdrawApplication: '/v1/withdrawApplication',
  uploadImage: '/v1/uploadImage',
  /** tus resumable uploads (video): POST creates, PATCH appends, HEAD resumes */
  uploadVideo: '/v1/uploads/video',
  /** GET `${file}/:id` serves an uploaded file to its owner, reviewers and admins */
  file: '/v1/files',
} as const;

export type ApiPathName = keyof typeof apiPaths;
export type ApiPath = (typeof apiPaths)[ApiPathName];

/** Operational endpoints outside the /v1 envelope. */
export const opsPaths = {
  health: '/healthz',
  ready: '/readyz',
  docs: '/docs',
} as const;
