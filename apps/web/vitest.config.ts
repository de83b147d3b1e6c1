import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  plugins: [react()],
  root: here,
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // antd-mobile ships ES modules that import its CSS; let Vite handle them
    server: { deps: { inline: [/antd-mobile/] } },
    testTimeout: 15_000,
  },
});
