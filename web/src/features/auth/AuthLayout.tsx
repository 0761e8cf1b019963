import { ArrowLeft, ClipboardCheck, MailCheck, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark, PRODUCT_NAME } from '../../components/BrandMark';

export function copyrightLine(year = new Date().getFullYear()): string {
  return `© ${year} ${PRODUCT_NAME}. All rights reserved.`;
}

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** The frame of every signed-out screen: a brand panel and a centred form column. */
export function AuthLayout({ title, subtitle, children, wide = false }: AuthLayoutProps) {
  return (
    <div className="auth-layout">
      <aside className="auth-brand" aria-hidden="true">
        <BrandMark />
        <div className="auth-pitch">
          <h2>Compliance and people, in one place.</h2>
          <p>
            Forms, audits, actions, documents and HR records for your whole organisation and its partners.
          </p>
          <ul className="auth-points">
            <li>
              <ClipboardCheck aria-hidden="true" />
              Audits, inspections and follow-up actions
            </li>
            <li>
              <Users aria-hidden="true" />
              Employee records, competencies and training
            </li>
            <li>
              <ShieldCheck aria-hidden="true" />
              Risk, hazardous substances and obligations
            </li>
          </ul>
        </div>
        <span className="auth-brand-footer">Workplace compliance &amp; HR</span>
      </aside>
      <div className="auth-main">
        <div className="auth-main-top">
          <BrandMark to="/login" />
        </div>
        <main className="auth-content" id="main-content">
          <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
            <div className="auth-heading">
              <h1>{title}</h1>
              {subtitle && <p>{subtitle}</p>}
            </div>
            {children}
          </div>
        </main>
        <footer className="auth-footer">{copyrightLine()}</footer>
      </div>
    </div>
  );
}

/** The confirmation that replaces a finished auth form: the server's message and a way back. */
export function AuthResult({ title, message, backTo }: { title: string; message: string; backTo: string }) {
  return (
    <AuthLayout title={title}>
      <div className="auth-result">
        <div className="alert alert-success" role="status">
          <MailCheck size={18} aria-hidden="true" />
          <span>{message}</span>
        </div>
        <BackToSignIn to={backTo} />
      </div>
    </AuthLayout>
  );
}

/** The way back under a signed-out form ('/logout' where a session must end first). */
export function BackToSignIn({ to }: { to: string }) {
  return (
    <Link to={to} className="auth-back">
      <ArrowLeft size={16} aria-hidden="true" />
      Back to sign in
    </Link>
  );
}
