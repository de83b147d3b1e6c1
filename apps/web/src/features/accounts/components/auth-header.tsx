import './accounts.css';

/** The brand mark and greeting above the login and register forms. */
export function AuthHeader({ heading, subheading }: { heading: string; subheading: string }) {
  return (
    <div className="qgw-auth-header">
      <div className="qgw-brand-mark" aria-hidden="true">
        青
      </div>
      <h1 className="qgw-auth-heading">{heading}</h1>
      <p className="qgw-auth-subheading">{subheading}</p>
    </div>
  );
}
