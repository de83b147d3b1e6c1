import { apiPaths, contentAdminOperations as o, contentLimits, ZContentUploadResponse, type ContentUploadResponse } from '@qgw/contracts';
import { unwrap, upload, ValidationError } from '../../../lib/request.js';
import { showToast } from '../../../lib/toast.js';
import { consoleStrings as t } from '../strings.js';

/** Admin content operations (the contracts' catalogue): lists include unpublished records; every write is audited by the server. */
export const adminOps = {
  articles: {
    list: o.contentAdminArticles,
    get: o.contentAdminArticle,
    create: o.contentAdminArticleCreate,
    update: o.contentAdminArticleUpdate,
    remove: o.contentAdminArticleDelete,
    publish: o.contentAdminArticlePublish,
    reorder: o.contentAdminArticleReorder,
  },
  leaders: {
    list: o.contentAdminLeaders,
    create: o.contentAdminLeaderCreate,
    update: o.contentAdminLeaderUpdate,
    remove: o.contentAdminLeaderDelete,
    publish: o.contentAdminLeaderPublish,
    reorder: o.contentAdminLeaderReorder,
  },
  subdivisions: {
    list: o.contentAdminSubdivisions,
    create: o.contentAdminSubdivisionCreate,
    update: o.contentAdminSubdivisionUpdate,
    remove: o.contentAdminSubdivisionDelete,
    publish: o.contentAdminSubdivisionPublish,
    reorder: o.contentAdminSubdivisionReorder,
  },
  members: {
    list: o.contentAdminMembers,
    create: o.contentAdminMemberCreate,
    update: o.contentAdminMemberUpdate,
    remove: o.contentAdminMemberDelete,
    publish: o.contentAdminMemberPublish,
    reorder: o.contentAdminMemberReorder,
  },
  webviewHosts: {
    list: o.contentAdminWebviewHosts,
    create: o.contentAdminWebviewHostCreate,
    update: o.contentAdminWebviewHostUpdate,
    remove: o.contentAdminWebviewHostDelete,
  },
  preview: o.contentAdminPreview,
};

/** A cover, photo or attachment, checked here first so that a wrong file fails before it is sent. */
export async function uploadContentFile(file: File): Promise<ContentUploadResponse> {
  if (file.size > contentLimits.upload.maxBytes) {
    showToast(t.uploadTooLarge);
    throw new ValidationError(t.uploadTooLarge);
  }
  if (file.type && !(contentLimits.upload.mimeTypes as readonly string[]).includes(file.type)) {
    showToast(t.uploadBadType);
    throw new ValidationError(t.uploadBadType);
  }
  return unwrap(await upload(apiPaths.contentAdminUpload, file, 'file', file.name), ZContentUploadResponse);
}
