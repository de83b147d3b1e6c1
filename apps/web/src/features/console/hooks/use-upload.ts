import { useState } from 'react';
import type { ContentUploadResponse } from '@qgw/contracts';
import { toastError, showToast } from '../../../lib/toast.js';
import { uploadContentFile } from '../api/operations.js';
import { consoleStrings as t } from '../strings.js';

/** Uploads one picked file and hands its public URL on; the picker shows "上传中" meanwhile. */
export function useUpload(onDone: (file: ContentUploadResponse) => void) {
  const [pending, setPending] = useState(false);
  const run = async (file: File) => {
    setPending(true);
    try {
      onDone(await uploadContentFile(file));
      showToast(t.uploaded);
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
