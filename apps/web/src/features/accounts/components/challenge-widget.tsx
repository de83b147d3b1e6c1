/**
 * The ALTCHA widget (a web component), asked for only when the server answers a login with HTTP 428
 * CHALLENGE_REQUIRED: this module and the widget load then, never with the login screen
 * (decision 0009's budget). The `external` build keeps the CSP as it is (`script-src 'self'`): its
 * worker is a file of our own build, not a blob, and its styles a stylesheet.
 */
import { useEffect, useRef } from 'react';
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { apiPaths, ZAltchaChallenge } from '@qgw/contracts';
import { request, unwrap } from '../../../lib/request.js';

/** The widget's own texts (kept here, with the widget, out of the login screen's JavaScript). */
const widgetStrings = {
  ariaLinkLabel: 'ALTCHA',
  enterCode: '输入验证码',
  enterCodeAria: '输入您听到的验证码，按空格键播放音频',
  error: '验证失败，请稍后再试',
  expired: '验证已过期，请重试',
  footer: '',
  getAudioChallenge: '获取语音验证码',
  label: '我不是机器人',
  loading: '加载中…',
  reload: '重新加载',
  verify: '验证',
  verificationRequired: '请先完成人机验证',
  verified: '已验证',
  verifying: '正在验证，请稍候…',
  waitAlert: '正在验证，请稍候…',
  cancel: '取消',
  enterCodeFromImage: '请输入下图中的验证码',
};

/** The challenge out of the server's envelope, fetched through the one request wrapper, as the widget wants it. */
const challengeFetch = (async () => {
  const challenge = unwrap(await request('GET', apiPaths.altchaChallenge), ZAltchaChallenge);
  return new Response(JSON.stringify(challenge), { headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
globalThis.$altcha.i18n.set('zh-cn', widgetStrings);
globalThis.$altcha.defaults.set({
  challenge: apiPaths.altchaChallenge,
  fetch: challengeFetch,
  // solving starts as soon as the widget is shown: the person only waits
  auto: 'onload',
  language: 'zh-cn',
  hideFooter: true,
});

export interface ChallengeWidgetProps {
  /** the solution, to send as `altcha` with the request the server refused */
  onSolved: (altcha: string) => void;
}

export default function ChallengeWidget({ onSolved }: ChallengeWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const solved = useRef(onSolved);
  useEffect(() => {
    solved.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    const widget = document.createElement('altcha-widget');
    const onVerified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload?: unknown }>).detail?.payload;
      if (typeof payload === 'string' && payload) solved.current(payload);
    };
    widget.addEventListener('verified', onVerified);
    host.current?.appendChild(widget);
    return () => {
      widget.removeEventListener('verified', onVerified);
      widget.remove();
    };
  }, []);

  return <div className="qgw-auth-challenge-widget" ref={host} />;
}
