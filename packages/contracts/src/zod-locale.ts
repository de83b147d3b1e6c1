import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

// Every message a person sees is Chinese, including zod's own for checks the schemas give no message
// of their own; configured here once so the browser and the server say the same thing.
z.config(zhCN());
