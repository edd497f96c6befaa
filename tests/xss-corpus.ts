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

/** Each payload as [name, html]. */
type Row = readonly [name: string, html: string]
const asPayloads = (rows: readonly Row[]): readonly XssPayload[] =>
  rows.map(([name, html]) => ({ name, html }))

export const XSS_CORPUS = asPayloads([
  // Script elements, plain, in other case, split and nested.
  ['script tag', '<script>alert(1)</script>'],
  ['script, mixed case with data: src', '<ScRiPt SrC="data:text/javascript,alert(2)"></sCrIpT>'],
  ['nested broken script', '<<script>alert(3)//<</script>'],
  ['script split by script', '<scr<script>ipt>alert(4)</scr</script>ipt>'],
  ['script in text of allowed tag', '<p>hello<script>window.__xss=5</script></p>'],
  // Event handlers.
  ['img onerror', '<img src=x onerror=alert(6)>'],
  ['img onerror, unclosed at the end', '<img src=x onerror=alert(7)//'],
  ['img slash separators', '<img/src="x"/onerror=alert(8)>'],
  ['img with allowed src and handler', '<img src="/uploads/a.png" onerror="alert(9)" onload="alert(9)">'],
  ['img handler entity-encoded', '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;&#40;10&#41;>'],
  ['img src=x:alert eval', '<IMG SRC=x:alert(alt) onerror=eval(src) alt=11>'],
  ['svg onload', '<svg onload=alert(12)>'],
  ['svg/onload', '<svg/onload=alert(13)>'],
  ['body onload', '<body onload=alert(14)><p>x</p></body>'],
  ['details ontoggle', '<details open ontoggle=alert(15)><summary>s</summary></details>'],
  ['video source onerror', '<video><source onerror="alert(16)"></video>'],
  ['audio onerror', '<audio src=x onerror=alert(17)>'],
  ['autofocus onfocus', '<input autofocus onfocus=alert(18)>'],
  ['marquee onstart', '<marquee onstart=alert(19)>x</marquee>'],
  ['handler on allowed tag', '<p onclick="alert(20)" onmouseover="alert(20)">hover me</p>'],
  ['handler glued after quote', '<a href="https://a.cn" title="x"onmouseover=alert(21)>a</a>'],
  ['attribute breakout in value', '<p title="&quot;&gt;&lt;img src=x onerror=alert(22)&gt;">x</p>'],
  ['classic triple quote', '<img """><script>alert(23)</script>">'],
  // Dangerous URLs.
  ['javascript: href', '<a href="javascript:alert(24)">click</a>'],
  ['mixed-case entity colon', '<a href="jAvAsCrIpT&#58;alert(25)">click</a>'],
  [
    'fully entity-encoded scheme',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(26)">click</a>',
  ],
  ['tab inside scheme', '<a href="java&#x09;script:alert(27)">click</a>'],
  ['leading space and control char', '<a href=" &#1;javascript:alert(28)">click</a>'],
  ['data: html href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxNik8L3NjcmlwdD4=">x</a>'],
  ['vbscript: href', '<a href="vbscript:alert(30)">x</a>'],
  ['javascript: img src', '<IMG SRC=JaVaScRiPt:alert(31)>'],
  ['data: img src', '<img src="data:image/svg+xml,<svg onload=alert(32)>">'],
  ['protocol-relative img', '<img src="//evil.example/x.png" onerror="alert(33)">'],
  ['uploads path traversal', '<img src="/uploads/../api/x" onerror=alert(34)>'],
  ['protocol-relative link', '<a href="//evil.example/" onclick="alert(35)">x</a>'],
  ['formaction', '<form><button formaction="javascript:alert(36)">go</button></form>'],
  ['form action', '<form action="javascript:alert(37)"><input type=submit value=go></form>'],
  // Frames, objects and document-level elements.
  ['iframe javascript:', '<iframe src="javascript:alert(38)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="&lt;script&gt;parent.alert(39)&lt;/script&gt;"></iframe>'],
  ['object data', '<object data="javascript:alert(40)"></object>'],
  ['embed data:', '<embed src="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==">'],
  ['base href', '<base href="javascript:alert(42)//"><a href="x">relative</a>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(43)">'],
  // SVG and MathML, including the namespace-confusion (mutation) family.
  ['svg script', '<svg><script>alert(44)</script></svg>'],
  ['svg xlink:href', '<svg><a xlink:href="javascript:alert(45)"><text x=20 y=20>x</text></a></svg>'],
  ['svg animate onbegin', '<svg><animate onbegin=alert(46) attributeName=x dur=1s>'],
  [
    'svg animate to javascript:',
    '<svg><a id=x><text y=20>click</text></a><animate href=#x attributeName=href values=javascript:alert(47) /></svg>',
  ],
  [
    'math mglyph style mXSS',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(48)&gt;">',
  ],
  [
    'math mglyph svg textarea mXSS',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(49) src=1>">',
  ],
  [
    'svg foreignObject srcdoc',
    '<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.__xss=50&lt;/script&gt;"></iframe></foreignObject></svg>',
  ],
  // Comments, raw-text and inert containers.
  ['abrupt comment', '<!--><img src=x onerror=alert(51)>-->'],
  ['comment with conditional', '<!--[if gte IE 4]><script>alert(52)</script><![endif]-->'],
  ['noscript title breakout', '<noscript><p title="</noscript><img src=x onerror=alert(53)>"></noscript>'],
  ['template content', '<template><img src=x onerror=alert(54)></template>'],
  ['xmp raw text', '<xmp><img src=x onerror=alert(55)></xmp>'],
  ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(56)></textarea>'],
  ['style element breakout', '<style></style><img src=x onerror=alert(57)></style>'],
  ['select style', '<select><style></select><img src=x onerror=alert(58)></style></select>'],
  // Style tricks.
  ['style url(javascript:)', '<p style="background:url(javascript:alert(59))">x</p>'],
  ['style expression()', '<p style="width:expression(alert(60));color:#000">x</p>'],
  ['style @import', '<style>@import "javascript:alert(61)";</style><p>x</p>'],
  ['colour with url()', '<span style="color: url(javascript:alert(62))">x</span>'],
  [
    'position:fixed overlay',
    '<span style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:#fff">请重新登录</span>',
  ],
  ['overlay with handler', '<div style="position:absolute;inset:0" onmouseover="alert(64)">hover</div>'],
  [
    'quoted semicolon in font',
    '<span style="font-family: \'x;color:#f00\'; background-image: url(&quot;javascript:alert(65)&quot;)">x</span>',
  ],
  // Text that only looks dangerous: it must stay text (and it passes the profile rule's `<>` ban).
  ['entity-encoded tag as text', '&lt;img src=x onerror=alert(66)&gt;'],
  ['javascript: as text', 'javascript:alert(67)'],
  ['quote breakout as text', '" onmouseover="alert(68)" x="'],
])

const styled = (style: string, text: string) => `<span style="${style}">${text}</span>`

/**
 * What the editor (accounts §2) can produce, with every style value policy.ts allows: it must
 * come out of both sanitisers unchanged, up to `<br>` / `<br />` and the spaces in style.
 */
export const LEGIT_SAMPLES = asPayloads([
  [
    'marks and paragraphs',
    '<p>普通段落，<strong>加粗</strong>、<em>斜体</em>、<u>下划线</u>、<s>删除线</s>，H<sub>2</sub>O 与 x<sup>2</sup>。</p><p>第二行<br>换行 &amp; 符号 &lt;不是标签&gt;</p>',
  ],
  ['headings', [1, 2, 3, 4, 5, 6].map((n) => `<h${n}>标题 ${n}</h${n}>`).join('')],
  [
    'lists, quote and code',
    '<ul><li>一</li><li>二</li></ul><ol><li>第一步</li><li>第二步</li></ol><blockquote><p>引用的话</p></blockquote><pre><code>const a = 1 &lt; 2</code></pre><p>行内 <code>npm start</code></p>',
  ],
  [
    'colours and background',
    `<p>${styled('color: #e03e2d', '红')}${styled('color: #fff', '白')}${styled('color: rgb(45, 194, 107)', '绿')}${styled('color: rgba(0, 0, 0, 0.5)', '半透明')}${styled('background-color: #fbeeb8', '高亮')}${styled('color: #1e40af; background-color: #dbeafe', '蓝底')}</p>`,
  ],
  [
    'sizes and fonts',
    `<p>${FONT_SIZES.filter((s) => s.value)
      .map((s) => styled(`font-size: ${s.value}`, s.label))
      .join('')}${FONT_FAMILIES.filter((f) => f.value)
      .map((f) => styled(`font-family: ${f.value}`, f.label))
      .join('')}</p>`,
  ],
  [
    'alignment and indent',
    [
      ...ALIGNMENTS.map((a) => `<p style="text-align: ${a}">对齐 ${a}</p>`),
      ...Array.from(
        { length: INDENT_MAX },
        (_, i) => `<p style="padding-left: ${(i + 1) * INDENT_STEP_EM}em">缩进 ${i + 1}</p>`,
      ),
      '<h2 style="text-align: center">居中标题</h2>',
      '<ul><li style="text-align: right">右对齐项</li></ul>',
    ].join(''),
  ],
  [
    'link and image',
    '<p>详见 <a target="_blank" rel="noopener noreferrer nofollow" href="https://www.example.com/a?b=1&amp;c=2">官网</a> 或 <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:help@example.com">邮件</a>。</p><p><img src="/uploads/u/202611/ab_c-1.png" alt="示意图"></p>',
  ],
])
