import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Toast } from '@/components/toast';
import { noticeOf } from '@/lib/route-notice';

/**
 * The toast of a notice a navigation carried (lib/route-notice.ts). The notice is taken out of the
 * history entry as soon as it shows, so Back, Forward or a reload do not say it again.
 */
export function RouteNoticeToast() {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = noticeOf(location.state);
  const [message, setMessage] = useState<string | null>(null);
  // Taken in during render (once per history entry), not in an effect: no extra render pass.
  const [taken, setTaken] = useState<string | null>(null);
  if (carried !== null && taken !== location.key) {
    setTaken(location.key);
    setMessage(carried);
  }

  useEffect(() => {
    if (carried === null) return;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [carried, location.pathname, location.search, location.hash, navigate]);

  return <Toast message={message} onDismiss={() => setMessage(null)} />;
}
