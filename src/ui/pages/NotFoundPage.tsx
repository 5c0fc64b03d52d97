import { House } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import * as zhCN from '../../i18n/zh-CN';
import './pages.css';

export default function NotFoundPage() {
  const text = zhCN.notFound;
  useEffect(() => {
    document.title = `${text.title} | ${text.message}`;
  }, [text]);
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        {text.title}
      </p>
      <h1 className="not-found__message">{text.message}</h1>
      <Link to="/home" className="button button--primary">
        <House aria-hidden="true" />
        {text.goHome}
      </Link>
    </section>
  );
}
