import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../../i18n/language';

/**
 * One count of the overview, a link to where it is managed when the console has such a place; `children`
 * adds a breakdown under it.
 */
export function StatCard({
  label,
  value,
  to,
  icon,
  children,
}: {
  label: string;
  value: number;
  to?: string;
  icon: ReactNode;
  children?: ReactNode;
}) {
  const face = (
    <>
      <span className="overview-stat__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="overview-stat__label">{label}</span>
      <strong className="overview-stat__value">{value.toLocaleString(currentLanguage())}</strong>
    </>
  );
  return (
    <div className="console-card overview-stat">
      {to ? (
        <Link to={to} className="overview-stat__face">
          {face}
        </Link>
      ) : (
        <div className="overview-stat__face">{face}</div>
      )}
      {children}
    </div>
  );
}
