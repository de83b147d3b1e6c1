import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __qgwRoot?: Root };

/** The imperative roots mounted now, so that a test can take them down before its page goes. */
const mounted = new Set<Container>();

function unmount(container: Container): void {
  container.__qgwRoot?.unmount();
  delete container.__qgwRoot;
  mounted.delete(container);
}

/**
 * antd-mobile mounts Toast, Dialog and Popup with ReactDOM.render, which React 19 removed; without
 * this hook those imperative components silently show nothing.
 */
export function installAntdRender(): void {
  unstableSetRender((node, container: Container) => {
    container.__qgwRoot ??= createRoot(container);
    mounted.add(container);
    container.__qgwRoot.render(node);
    return async () => {
      // let the closing animation's last frame commit before tearing the root down
      await new Promise((resolve) => setTimeout(resolve, 0));
      unmount(container);
    };
  });
}

/**
 * Takes down every toast, dialog and popup root still mounted, at once. For tests: a toast's timer
 * or a root's own unmount could otherwise run after the test's page is gone and touch a `window`
 * that is no longer there.
 */
export function unmountImperativeRoots(): void {
  for (const container of [...mounted]) unmount(container);
}
