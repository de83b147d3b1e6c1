import { apiPaths } from '../api-paths.js';
import { ZGetFileInfoRequest, ZGetFileInfoResponse } from '../files-api.js';
import type { OperationCatalogue } from './define.js';

/**
 * Uploaded files' JSON side: a file's type, size and a fresh signed URL, for its owner and for
 * console-verified reviewers and admins (decision 0005; the service decides per file). The uploads
 * and the files themselves are not JSON operations (nonJsonRoutes).
 */
export const fileOperations = {
  getFileInfo: {
    method: 'GET',
    path: apiPaths.getFileInfo,
    request: ZGetFileInfoRequest,
    response: ZGetFileInfoResponse,
    access: 'session',
    summary: '文件信息与新的签名地址（本人、评审、管理员）',
  },
} satisfies OperationCatalogue;
