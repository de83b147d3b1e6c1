import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __qgwRoot?: Root };

/**
 * antd-mobile mounts Toast, Dialog and Popup with ReactDOM.render, which React 19 removed; without
 * this hook those imperative components silently show nothing.
 */
export function installAntdRender(): void {
  unstableSetRender((node, container: Container) => {
    container.__qgwRoot ??= createRoot(container);
    const root = container.__qgwRoot;
    root.render(node);
    return async () => {
      // let the closing animation's last frame commit before tearing the root down
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container.__qgwRoot;
    };
  });
}
