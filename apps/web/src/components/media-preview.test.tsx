import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaPreview } from './media-preview';

afterEach(cleanup);

describe('MediaPreview', () => {
  it('shows a picture at its true ratio inside the box', () => {
    render(<MediaPreview media={{ kind: 'picture', url: '/a.jpg', name: 'banner', width: 1080, height: 600 }} />);
    const img = screen.getByRole('img', { name: 'banner' });
    expect(img.style.width).toBe('360px');
    expect(img.style.height).toBe('200px');
  });

  it('fits a portrait picture to the height limit', () => {
    render(
      <MediaPreview
        media={{ kind: 'picture', url: '/b.jpg', name: 'poster', width: 1080, height: 1920 }}
        maxWidth={360}
        maxHeight={480}
      />,
    );
    const img = screen.getByRole('img', { name: 'poster' });
    expect(img.style.height).toBe('480px');
    expect(img.style.width).toBe('270px');
  });

  it('plays a video with controls', () => {
    render(<MediaPreview media={{ kind: 'video', url: '/v.mp4', width: 1080, height: 1320 }} />);
    const video = screen.getByTestId('media-preview-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/v.mp4');
    expect(video.controls).toBe(true);
  });

  it('links a document by name', () => {
    render(<MediaPreview media={{ kind: 'pdf', url: '/menu.pdf', name: 'menu.pdf' }} />);
    expect(screen.getByRole('link', { name: /menu\.pdf/ }).getAttribute('href')).toBe('/menu.pdf');
  });
});
