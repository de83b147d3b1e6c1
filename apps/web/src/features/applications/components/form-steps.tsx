import type { ReactNode } from 'react';
import { Button, Steps } from 'antd-mobile';
import { BottomBar } from '../../../components/ui/bottom-bar.js';
import './applications.css';

/** Where the user is in a multi-screen form. */
export function FormSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <nav className="qgw-form-steps" aria-label={`第${current + 1}步，共${steps.length}步：${steps[current] ?? ''}`}>
      <Steps current={current}>
        {steps.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
    </nav>
  );
}

/** The bar at the bottom of a form: the main action (and an optional second one) always in reach. */
export function FormFooter({
  primary,
  onPrimary,
  disabled,
  loading,
  secondary,
  onSecondary,
  children,
}: {
  primary: string;
  onPrimary(): void;
  disabled?: boolean;
  loading?: boolean;
  secondary?: string;
  onSecondary?(): void;
  children?: ReactNode;
}) {
  return (
    <>
      <div className={children ? 'qgw-form-footer-spacer qgw-form-footer-spacer-tall' : 'qgw-form-footer-spacer'} aria-hidden="true" />
      <BottomBar className="qgw-form-footer">
        {children}
        <div className="qgw-form-footer-buttons">
          {secondary && (
            <Button className="qgw-form-secondary" shape="rounded" onClick={onSecondary} disabled={loading}>
              {secondary}
            </Button>
          )}
          <Button
            className="qgw-primary-button qgw-form-primary"
            color="primary"
            block
            onClick={() => {
              if (!disabled && !loading) onPrimary();
            }}
            disabled={disabled || loading}
          >
            {primary}
          </Button>
        </div>
      </BottomBar>
    </>
  );
}
