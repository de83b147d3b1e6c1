import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { BottomBar } from '../../../components/ui/bottom-bar.js';
import { navigateTo } from '../../../lib/navigation.js';

/**
 * 立即申报 held at the foot of the screen, as a mini-program's action bar: in reach however long the
 * page, and drawn where it stays. Below the article or the award list, it was drawn under their short
 * placeholder and pushed down when they arrived (a layout shift of 0.065 on the programme page).
 * Straight to the form: it agrees to the notice in place, and an application already sent shows
 * there as such.
 */
export function ApplyBar({ label }: { label: string }) {
  return (
    <>
      <div className="qgw-ru-apply-spacer" aria-hidden="true" />
      <BottomBar>
        <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxbApplication.index)}>
          {label}
        </Button>
      </BottomBar>
    </>
  );
}
