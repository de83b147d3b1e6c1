import { Button, Popup } from 'antd-mobile';
import { accountStrings as t, privacyIntro, privacyNotice } from '../strings.js';
import './accounts.css';

/** The privacy notice, read before consenting at registration. */
export function PrivacyPopup({ visible, onClose }: { visible: boolean; onClose(): void }) {
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="qgw-privacy-popup" destroyOnClose>
      <section role="dialog" aria-modal="true" aria-labelledby="qgw-privacy-title">
        <h2 id="qgw-privacy-title" className="qgw-privacy-title">
          {t.privacyTitle}
        </h2>
        <div className="qgw-privacy-body">
          <p className="qgw-privacy-intro">{privacyIntro}</p>
          {privacyNotice.map((part) => (
            <div key={part.heading} className="qgw-privacy-part">
              <h3>{part.heading}</h3>
              <p>{part.body}</p>
            </div>
          ))}
        </div>
        <Button className="qgw-primary-button" color="primary" block onClick={onClose}>
          {t.privacyClose}
        </Button>
      </section>
    </Popup>
  );
}
