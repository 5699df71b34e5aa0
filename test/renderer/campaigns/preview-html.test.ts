import { describe, expect, it } from 'vitest';
import { previewDocument } from '../../../renderer/screens/campaigns/preview-html';

const POLICY_NO_IMAGES = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`;

describe('the campaign preview’s document', () => {
  it('has no script, event handler or javascript: link, and starts with a policy of its own after the doctype', () => {
    const { html } = previewDocument(
      '<!DOCTYPE html><html><body onload="track()"><script>alert(1)</script><svg><script>x()</script></svg><a href="javascript:alert(2)">Go</a><form action=" javascript:x()"></form><p>Hi</p></body></html>',
      false,
    );
    expect(html.startsWith(`<!DOCTYPE html>${POLICY_NO_IMAGES}<html>`)).toBe(true);
    expect(html).not.toMatch(/<script|onload|javascript:/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('loads nothing from the web: images, srcsets, backgrounds, CSS urls, @imports, style sheets, frames and SVG images are left out and counted', () => {
    const pasted = [
      '<html><head><link rel="stylesheet" href="https://t.example/a.css"><base href="https://t.example/">',
      '<meta http-equiv="refresh" content="0;url=https://t.example/r">',
      '<style>@import url("https://t.example/b.css"); @import "https://t.example/c.css"; .hero { background: url(https://t.example/bg.png) } p > a { color: red }</style></head>',
      '<body background="https://t.example/body.png">',
      '<img src="https://t.example/pixel.gif" alt="Logo"><img srcset="https://t.example/1x.png 1x, https://t.example/2x.png 2x">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">',
      '<div style="background-image: url(\'https://t.example/div.png\')">Text</div>',
      '<table><td background="http://t.example/td.png">Cell</td></table>',
      '<video poster="https://t.example/poster.png"></video><iframe src="https://t.example/frame"></iframe>',
      '<svg><image href="https://t.example/svg.png"></image></svg><img src="relative.png">',
      '<a href="https://venue.example/menu">Menu</a>',
      '</body></html>',
    ].join('');
    const { html, remote } = previewDocument(pasted, false);
    expect(html).not.toMatch(/t\.example|relative\.png/);
    // Each of these would have been a request: 2 @imports, the style sheet link, the CSS background, the body
    // background, the pixel, the srcset, the div's background, the cell's, the poster, the frame, the SVG image, the relative image.
    expect(remote).toBe(13);
    expect(html).toContain('alt="Logo"');
    expect(html).toContain('data:image/png;base64,iVBORw0KGgo=');
    expect(html).toContain('href="https://venue.example/menu"'); // a link only goes somewhere when clicked
    expect(html).toContain('p > a { color: red }'); // the style sheet's own rules are kept as written
  });

  it('with "Show images", loads https images and backgrounds only, with a policy that allows no other', () => {
    const { html, remote } = previewDocument(
      '<p style="background:url(https://t.example/bg.png)"><img src="https://t.example/pixel.gif"><img src="http://t.example/plain.gif"><link rel="stylesheet" href="https://t.example/a.css"></p>',
      true,
    );
    expect(html).toContain('src="https://t.example/pixel.gif"');
    expect(html).toContain('url(https://t.example/bg.png)');
    expect(html).not.toContain('http://t.example/plain.gif');
    expect(html).not.toContain('a.css');
    expect(remote).toBe(2);
    expect(html).toMatch(/img-src data: https:;/);
  });
});
