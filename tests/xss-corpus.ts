/**
 * The stored-XSS corpus of issue 11: HTML an attacker could save in any rich-text field. Every
 * payload, if any part of it ran, calls alert(…) or sets window.__xss, so a page that shows
 * them can count executions (tests/e2e/xss.spec.ts expects zero); the style payloads that run
 * nothing (overlays) are caught by the allowlist checks instead. Used by the unit test of the
 * sanitisers (tests/unit/sanitize.test.ts) and the Chromium tests; publishing adds its fields.
 */
import { ALIGNMENTS, FONT_FAMILIES, FONT_SIZES, INDENT_MAX, INDENT_STEP_EM } from '../src/lib/html/policy.ts'

export interface XssPayload {
  name: string
  html: string
}

export const XSS_CORPUS: readonly XssPayload[] = [
  // Script elements, plain, in other case, split and nested.
  { name: 'script tag', html: '<script>alert(1)</script>' },
  {
    name: 'script, mixed case with data: src',
    html: '<ScRiPt SrC="data:text/javascript,alert(2)"></sCrIpT>',
  },
  { name: 'nested broken script', html: '<<script>alert(3)//<</script>' },
  { name: 'script split by script', html: '<scr<script>ipt>alert(4)</scr</script>ipt>' },
  { name: 'script in text of allowed tag', html: '<p>hello<script>window.__xss=5</script></p>' },
  // Event handlers.
  { name: 'img onerror', html: '<img src=x onerror=alert(6)>' },
  { name: 'img onerror, unclosed at the end', html: '<img src=x onerror=alert(7)//' },
  { name: 'img slash separators', html: '<img/src="x"/onerror=alert(8)>' },
  {
    name: 'img with allowed src and handler',
    html: '<img src="/uploads/a.png" onerror="alert(9)" onload="alert(9)">',
  },
  {
    name: 'img handler entity-encoded',
    html: '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;&#40;10&#41;>',
  },
  { name: 'img src=x:alert eval', html: '<IMG SRC=x:alert(alt) onerror=eval(src) alt=11>' },
  { name: 'svg onload', html: '<svg onload=alert(12)>' },
  { name: 'svg/onload', html: '<svg/onload=alert(13)>' },
  { name: 'body onload', html: '<body onload=alert(14)><p>x</p></body>' },
  { name: 'details ontoggle', html: '<details open ontoggle=alert(15)><summary>s</summary></details>' },
  { name: 'video source onerror', html: '<video><source onerror="alert(16)"></video>' },
  { name: 'audio onerror', html: '<audio src=x onerror=alert(17)>' },
  { name: 'autofocus onfocus', html: '<input autofocus onfocus=alert(18)>' },
  { name: 'marquee onstart', html: '<marquee onstart=alert(19)>x</marquee>' },
  { name: 'handler on allowed tag', html: '<p onclick="alert(20)" onmouseover="alert(20)">hover me</p>' },
  { name: 'handler glued after quote', html: '<a href="https://a.cn" title="x"onmouseover=alert(21)>a</a>' },
  {
    name: 'attribute breakout in value',
    html: '<p title="&quot;&gt;&lt;img src=x onerror=alert(22)&gt;">x</p>',
  },
  { name: 'classic triple quote', html: '<img """><script>alert(23)</script>">' },
  // Dangerous URLs.
  { name: 'javascript: href', html: '<a href="javascript:alert(24)">click</a>' },
  { name: 'mixed-case entity colon', html: '<a href="jAvAsCrIpT&#58;alert(25)">click</a>' },
  {
    name: 'fully entity-encoded scheme',
    html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(26)">click</a>',
  },
  { name: 'tab inside scheme', html: '<a href="java&#x09;script:alert(27)">click</a>' },
  { name: 'leading space and control char', html: '<a href=" &#1;javascript:alert(28)">click</a>' },
  {
    name: 'data: html href',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxNik8L3NjcmlwdD4=">x</a>',
  },
  { name: 'vbscript: href', html: '<a href="vbscript:alert(30)">x</a>' },
  { name: 'javascript: img src', html: '<IMG SRC=JaVaScRiPt:alert(31)>' },
  { name: 'data: img src', html: '<img src="data:image/svg+xml,<svg onload=alert(32)>">' },
  { name: 'protocol-relative img', html: '<img src="//evil.example/x.png" onerror="alert(33)">' },
  { name: 'uploads path traversal', html: '<img src="/uploads/../api/x" onerror=alert(34)>' },
  { name: 'protocol-relative link', html: '<a href="//evil.example/" onclick="alert(35)">x</a>' },
  { name: 'formaction', html: '<form><button formaction="javascript:alert(36)">go</button></form>' },
  { name: 'form action', html: '<form action="javascript:alert(37)"><input type=submit value=go></form>' },
  // Frames, objects and document-level elements.
  { name: 'iframe javascript:', html: '<iframe src="javascript:alert(38)"></iframe>' },
  { name: 'iframe srcdoc', html: '<iframe srcdoc="&lt;script&gt;parent.alert(39)&lt;/script&gt;"></iframe>' },
  { name: 'object data', html: '<object data="javascript:alert(40)"></object>' },
  {
    name: 'embed data:',
    html: '<embed src="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==">',
  },
  { name: 'base href', html: '<base href="javascript:alert(42)//"><a href="x">relative</a>' },
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=javascript:alert(43)">' },
  // SVG and MathML, including the namespace-confusion (mutation) family.
  { name: 'svg script', html: '<svg><script>alert(44)</script></svg>' },
  {
    name: 'svg xlink:href',
    html: '<svg><a xlink:href="javascript:alert(45)"><text x=20 y=20>x</text></a></svg>',
  },
  { name: 'svg animate onbegin', html: '<svg><animate onbegin=alert(46) attributeName=x dur=1s>' },
  {
    name: 'svg animate to javascript:',
    html: '<svg><a id=x><text y=20>click</text></a><animate href=#x attributeName=href values=javascript:alert(47) /></svg>',
  },
  {
    name: 'math mglyph style mXSS',
    html: '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(48)&gt;">',
  },
  {
    name: 'math mglyph svg textarea mXSS',
    html: '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(49) src=1>">',
  },
  {
    name: 'svg foreignObject srcdoc',
    html: '<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.__xss=50&lt;/script&gt;"></iframe></foreignObject></svg>',
  },
  // Comments, raw-text and inert containers.
  { name: 'abrupt comment', html: '<!--><img src=x onerror=alert(51)>-->' },
  { name: 'comment with conditional', html: '<!--[if gte IE 4]><script>alert(52)</script><![endif]-->' },
  {
    name: 'noscript title breakout',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(53)>"></noscript>',
  },
  { name: 'template content', html: '<template><img src=x onerror=alert(54)></template>' },
  { name: 'xmp raw text', html: '<xmp><img src=x onerror=alert(55)></xmp>' },
  { name: 'textarea breakout', html: '<textarea></textarea><img src=x onerror=alert(56)></textarea>' },
  { name: 'style element breakout', html: '<style></style><img src=x onerror=alert(57)></style>' },
  { name: 'select style', html: '<select><style></select><img src=x onerror=alert(58)></style></select>' },
  // Style tricks.
  { name: 'style url(javascript:)', html: '<p style="background:url(javascript:alert(59))">x</p>' },
  { name: 'style expression()', html: '<p style="width:expression(alert(60));color:#000">x</p>' },
  { name: 'style @import', html: '<style>@import "javascript:alert(61)";</style><p>x</p>' },
  { name: 'colour with url()', html: '<span style="color: url(javascript:alert(62))">x</span>' },
  {
    name: 'position:fixed overlay',
    html: '<span style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:#fff">请重新登录</span>',
  },
  {
    name: 'overlay with handler',
    html: '<div style="position:absolute;inset:0" onmouseover="alert(64)">hover</div>',
  },
  {
    name: 'quoted semicolon in font',
    html: '<span style="font-family: \'x;color:#f00\'; background-image: url(&quot;javascript:alert(65)&quot;)">x</span>',
  },
  // Text that only looks dangerous: it must stay text (and it passes the profile rule's `<>` ban).
  { name: 'entity-encoded tag as text', html: '&lt;img src=x onerror=alert(66)&gt;' },
  { name: 'javascript: as text', html: 'javascript:alert(67)' },
  { name: 'quote breakout as text', html: '" onmouseover="alert(68)" x="' },
]

const styled = (style: string, text: string) => `<span style="${style}">${text}</span>`

/**
 * What the editor (accounts §2) can produce, with every style value policy.ts allows: it must
 * come out of both sanitisers unchanged, up to `<br>` / `<br />` and the spaces in style.
 */
export const LEGIT_SAMPLES: readonly XssPayload[] = [
  {
    name: 'marks and paragraphs',
    html: '<p>普通段落，<strong>加粗</strong>、<em>斜体</em>、<u>下划线</u>、<s>删除线</s>，H<sub>2</sub>O 与 x<sup>2</sup>。</p><p>第二行<br>换行 &amp; 符号 &lt;不是标签&gt;</p>',
  },
  {
    name: 'headings',
    html: [1, 2, 3, 4, 5, 6].map((n) => `<h${n}>标题 ${n}</h${n}>`).join(''),
  },
  {
    name: 'lists, quote and code',
    html: '<ul><li>一</li><li>二</li></ul><ol><li>第一步</li><li>第二步</li></ol><blockquote><p>引用的话</p></blockquote><pre><code>const a = 1 &lt; 2</code></pre><p>行内 <code>npm start</code></p>',
  },
  {
    name: 'colours and background',
    html: `<p>${styled('color: #e03e2d', '红')}${styled('color: #fff', '白')}${styled('color: rgb(45, 194, 107)', '绿')}${styled('color: rgba(0, 0, 0, 0.5)', '半透明')}${styled('background-color: #fbeeb8', '高亮')}${styled('color: #1e40af; background-color: #dbeafe', '蓝底')}</p>`,
  },
  {
    name: 'sizes and fonts',
    html: `<p>${FONT_SIZES.filter((s) => s.value)
      .map((s) => styled(`font-size: ${s.value}`, s.label))
      .join('')}${FONT_FAMILIES.filter((f) => f.value)
      .map((f) => styled(`font-family: ${f.value}`, f.label))
      .join('')}</p>`,
  },
  {
    name: 'alignment and indent',
    html: [
      ...ALIGNMENTS.map((a) => `<p style="text-align: ${a}">对齐 ${a}</p>`),
      ...Array.from(
        { length: INDENT_MAX },
        (_, i) => `<p style="padding-left: ${(i + 1) * INDENT_STEP_EM}em">缩进 ${i + 1}</p>`,
      ),
      '<h2 style="text-align: center">居中标题</h2>',
      '<ul><li style="text-align: right">右对齐项</li></ul>',
    ].join(''),
  },
  {
    name: 'link and image',
    html: '<p>详见 <a target="_blank" rel="noopener noreferrer nofollow" href="https://www.example.com/a?b=1&amp;c=2">官网</a> 或 <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:help@example.com">邮件</a>。</p><p><img src="/uploads/u/202611/ab_c-1.png" alt="示意图"></p>',
  },
]
