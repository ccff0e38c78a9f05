import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { UserAvatar } from '@/components/user-avatar';

describe('UserAvatar', () => {
  it('shows an avatar uploaded here, offering its small size too', () => {
    const { container } = render(<UserAvatar person={{ username: 'jordan', image: '/api/images/img_abc-1/256.webp' }} />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/images/img_abc-1/256.webp');
    expect(img).toHaveAttribute('srcset', '/api/images/img_abc-1/128.webp 128w, /api/images/img_abc-1/256.webp 256w');
    expect(img).toHaveAttribute('sizes', '40px');
  });

  it('falls back to the initials without a picture, or with an address of the app that is no image', () => {
    const { container, rerender } = render(<UserAvatar person={{ username: 'jordan', firstname: 'Jordan', lastname: 'Miles', image: null }} />);
    expect(screen.getByText('JM')).toBeInTheDocument();
    rerender(<UserAvatar person={{ username: 'jordan', firstname: 'Jordan', lastname: 'Miles', image: '/api/user/me' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('JM')).toBeInTheDocument();
  });
});
