import {
  apiPaths,
  contentLimits,
  ZAdminArticleRequest,
  ZAdminArticleResponse,
  ZAdminArticlesRequest,
  ZAdminArticlesResponse,
  ZAdminLeadersRequest,
  ZAdminLeadersResponse,
  ZAdminMembersRequest,
  ZAdminMembersResponse,
  ZAdminSubdivisionsRequest,
  ZAdminSubdivisionsResponse,
  ZAdminWebviewHostsRequest,
  ZAdminWebviewHostsResponse,
  ZContentPreviewRequest,
  ZContentPreviewResponse,
  ZContentUploadResponse,
  ZCreateArticleRequest,
  ZCreateArticleResponse,
  ZCreateLeaderRequest,
  ZCreateLeaderResponse,
  ZCreateMemberRequest,
  ZCreateMemberResponse,
  ZCreateSubdivisionRequest,
  ZCreateSubdivisionResponse,
  ZCreateWebviewHostRequest,
  ZCreateWebviewHostResponse,
  ZDeleteContentRequest,
  ZDeleteContentResponse,
  ZPublishContentRequest,
  ZPublishContentResponse,
  ZReorderContentRequest,
  ZReorderContentResponse,
  ZUpdateArticleRequest,
  ZUpdateArticleResponse,
  ZUpdateLeaderRequest,
  ZUpdateLeaderResponse,
  ZUpdateMemberRequest,
  ZUpdateMemberResponse,
  ZUpdateSubdivisionRequest,
  ZUpdateSubdivisionResponse,
  ZUpdateWebviewHostRequest,
  ZUpdateWebviewHostResponse,
  type ApiPath,
  type ContentUploadResponse,
} from '@qgw/contracts';
import { defineOperation, unwrap, upload, ValidationError } from '../../../lib/request.js';
import { showToast } from '../../../lib/toast.js';
import { consoleStrings as t } from '../strings.js';

const post = <P extends ApiPath>(path: P) => ({ method: 'POST' as const, path });

/** The four writes every orderable record kind shares: delete, publish, reorder. */
const lifecycle = (paths: { delete: ApiPath; publish: ApiPath; reorder: ApiPath }) => ({
  remove: defineOperation({ ...post(paths.delete), request: ZDeleteContentRequest, response: ZDeleteContentResponse }),
  publish: defineOperation({ ...post(paths.publish), request: ZPublishContentRequest, response: ZPublishContentResponse }),
  reorder: defineOperation({ ...post(paths.reorder), request: ZReorderContentRequest, response: ZReorderContentResponse }),
});

/** Admin content operations: lists include unpublished records; every write is audited by the server. */
export const adminOps = {
  articles: {
    list: defineOperation({ method: 'GET', path: apiPaths.contentAdminArticles, request: ZAdminArticlesRequest, response: ZAdminArticlesResponse }),
    get: defineOperation({ method: 'GET', path: apiPaths.contentAdminArticle, request: ZAdminArticleRequest, response: ZAdminArticleResponse }),
    create: defineOperation({ ...post(apiPaths.contentAdminArticleCreate), request: ZCreateArticleRequest, response: ZCreateArticleResponse }),
    update: defineOperation({ ...post(apiPaths.contentAdminArticleUpdate), request: ZUpdateArticleRequest, response: ZUpdateArticleResponse }),
    ...lifecycle({
      delete: apiPaths.contentAdminArticleDelete,
      publish: apiPaths.contentAdminArticlePublish,
      reorder: apiPaths.contentAdminArticleReorder,
    }),
  },
  leaders: {
    list: defineOperation({ method: 'GET', path: apiPaths.contentAdminLeaders, request: ZAdminLeadersRequest, response: ZAdminLeadersResponse }),
    create: defineOperation({ ...post(apiPaths.contentAdminLeaderCreate), request: ZCreateLeaderRequest, response: ZCreateLeaderResponse }),
    update: defineOperation({ ...post(apiPaths.contentAdminLeaderUpdate), request: ZUpdateLeaderRequest, response: ZUpdateLeaderResponse }),
    ...lifecycle({
      delete: apiPaths.contentAdminLeaderDelete,
      publish: apiPaths.contentAdminLeaderPublish,
      reorder: apiPaths.contentAdminLeaderReorder,
    }),
  },
  subdivisions: {
    list: defineOperation({
      method: 'GET',
      path: apiPaths.contentAdminSubdivisions,
      request: ZAdminSubdivisionsRequest,
      response: ZAdminSubdivisionsResponse,
    }),
    create: defineOperation({ ...post(apiPaths.contentAdminSubdivisionCreate), request: ZCreateSubdivisionRequest, response: ZCreateSubdivisionResponse }),
    update: defineOperation({ ...post(apiPaths.contentAdminSubdivisionUpdate), request: ZUpdateSubdivisionRequest, response: ZUpdateSubdivisionResponse }),
    ...lifecycle({
      delete: apiPaths.contentAdminSubdivisionDelete,
      publish: apiPaths.contentAdminSubdivisionPublish,
      reorder: apiPaths.contentAdminSubdivisionReorder,
    }),
  },
  members: {
    list: defineOperation({ method: 'GET', path: apiPaths.contentAdminMembers, request: ZAdminMembersRequest, response: ZAdminMembersResponse }),
    create: defineOperation({ ...post(apiPaths.contentAdminMemberCreate), request: ZCreateMemberRequest, response: ZCreateMemberResponse }),
    update: defineOperation({ ...post(apiPaths.contentAdminMemberUpdate), request: ZUpdateMemberRequest, response: ZUpdateMemberResponse }),
    ...lifecycle({
      delete: apiPaths.contentAdminMemberDelete,
      publish: apiPaths.contentAdminMemberPublish,
      reorder: apiPaths.contentAdminMemberReorder,
    }),
  },
  webviewHosts: {
    list: defineOperation({
      method: 'GET',
      path: apiPaths.contentAdminWebviewHosts,
      request: ZAdminWebviewHostsRequest,
      response: ZAdminWebviewHostsResponse,
    }),
    create: defineOperation({ ...post(apiPaths.contentAdminWebviewHostCreate), request: ZCreateWebviewHostRequest, response: ZCreateWebviewHostResponse }),
    update: defineOperation({ ...post(apiPaths.contentAdminWebviewHostUpdate), request: ZUpdateWebviewHostRequest, response: ZUpdateWebviewHostResponse }),
    remove: defineOperation({ ...post(apiPaths.contentAdminWebviewHostDelete), request: ZDeleteContentRequest, response: ZDeleteContentResponse }),
  },
  preview: defineOperation({ ...post(apiPaths.contentAdminPreview), request: ZContentPreviewRequest, response: ZContentPreviewResponse }),
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
