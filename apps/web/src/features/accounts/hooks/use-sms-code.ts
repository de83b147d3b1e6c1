import { useCallback, useEffect, useRef, useState } from 'react';
import type { SmsPurpose } from '@qgw/contracts';
import { call, isChallengeRequired, validate } from '../../../lib/request.js';
import { hideToast, showLoading, showToast, toastError } from '../../../lib/toast.js';
import { accountStrings as t } from '../strings.js';

const calls = () => import('./auth-calls.js');

/**
 * 获取验证码: asks the server to text a code for `purpose` to a mobile (POST /v1/sendSmsCode), then
 * counts down the wait the answer names (60 s) before another may be asked for. A refusal (too soon,
 * the day's limit) is the server's message as a toast. A busy address is asked for a proof-of-work
 * challenge first (HTTP 428): `onChallenge` shows it, and the solution sends the code again.
 */
export function useSmsCode(purpose: SmsPurpose, options: { onChallenge?: (message: string, retry: (altcha: string) => void) => void } = {}) {
  const { onChallenge } = options;
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(timer.current), []);

  const countDown = useCallback((seconds: number) => {
    window.clearInterval(timer.current);
    const endsAt = Date.now() + seconds * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer.current);
    };
    tick();
    timer.current = window.setInterval(tick, 1000);
  }, []);

  const send = useCallback(
    async (mobile: string) => {
      if (sending || secondsLeft > 0) return;
      // one ask for a code, and again with the solution when the server wants a challenge first
      const attempt = async (altcha?: string): Promise<void> => {
        setSending(true);
        try {
          const { ZSendSmsCodeRequest, accountOps } = await calls();
          const input = validate(ZSendSmsCodeRequest, { mobile: mobile || undefined, purpose, ...(altcha ? { altcha } : {}) });
          showLoading(t.smsSending);
          const answer = await call(accountOps.sendSmsCode, input);
          showToast(t.smsSent);
          countDown(answer.resendAfterSeconds);
        } catch (error) {
          if (onChallenge && isChallengeRequired(error)) {
            hideToast();
            onChallenge(error.message, (solution) => void attempt(solution));
          } else {
            toastError(error);
          }
        } finally {
          setSending(false);
        }
      };
      await attempt();
    },
    [countDown, onChallenge, purpose, secondsLeft, sending],
  );

  return { send, secondsLeft, sending };
}
