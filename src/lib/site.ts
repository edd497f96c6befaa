/**
 * What the chrome says about the company that stays in code: the brand and legal names, the
 * founding year, the corporate transfer account (finance's; the pay island and the payment
 * calls read it at runtime), the map and the about page's tabs. What marketing changes is
 * `companyDefaults` below, edited in the back office.
 */
export const site = {
  name: '德泰口腔医疗',
  fullName: '苏州德泰口腔医疗器械有限公司',
  founded: 2020,
  /** The account customers pay a corporate transfer into (storefront §2 payment page). */
  transferAccount: {
    name: '苏州德泰口腔医疗器械有限公司',
    bank: '中国工商银行苏州工业园区支行',
    number: '1102 0208 0910 0066 888',
  },
  /** schema.org addressCountry of the head office: the portal serves mainland China only. */
  country: 'CN',
  /** The contact map's fixed centre (storefront §9: zoom 18). */
  map: { lng: 120.7368, lat: 31.3245, zoom: 18, label: '德泰口腔医疗（苏州总部）' },
  /** The about page's four tabs (storefront §1-§2); its texts are in companyDefaults.about. */
  about: {
    tabs: [
      {
        id: 'team',
        label: '团队建设',
        title: '专业、务实、有温度的团队',
        text: '我们的团队由口腔医学、医疗器械和数字化技术背景的成员组成。销售、技术支持与培训讲师分布在苏州、南京、上海三地，定期开展业务学习与团队活动，保证客户在华东地区都能得到及时响应。',
        points: ['苏州总部 · 南京 · 上海三地协同', '持证技术工程师上门安装调试', '季度业务培训与年度团建'],
        images: [
          { src: '/about/team-1.svg', alt: '德泰口腔医疗团队在苏州总部的合影' },
          { src: '/about/team-2.svg', alt: '团队户外拓展活动' },
        ],
      },
      {
        id: 'training',
        label: '产品培训',
        title: '从会用到用好：产品培训',
        text: '每一台设备交付后，我们都会安排产品培训：临床讲师讲解适应证与操作流程，工程师现场演示维护保养。平台上的线上课程可随时回看，帮助医生和助理快速上手。',
        points: ['隐形矫治病例设计实操课', '口内扫描仪操作与数据传输', '无痛麻醉注射仪临床应用'],
        images: [
          { src: '/about/training-1.svg', alt: '口内扫描仪产品培训课堂' },
          { src: '/about/training-2.svg', alt: '隐形矫治病例设计实操工作坊' },
        ],
      },
      {
        id: 'gm',
        label: '总经理',
        title: '总经理寄语',
        text: '“德泰成立的初衷，是让每一家口腔诊所都能用上可靠的器械、得到专业的培训。我们坚持正品渠道、透明价格和及时的售后服务，与医生们一起把口腔诊疗做得更好。”',
        points: ['口腔医学背景，从业十余年', '带领团队服务华东地区数百家口腔机构'],
        images: [{ src: '/about/gm.svg', alt: '德泰口腔医疗总经理肖像' }],
      },
      {
        id: 'certificates',
        label: '资质证书',
        title: '合法合规，资质齐全',
        text: '公司依法取得医疗器械经营相关许可与备案，并通过 ISO 13485 医疗器械质量管理体系认证。所售产品均来自正规渠道，可提供注册证与检验报告。',
        points: ['医疗器械经营许可证', '营业执照', 'ISO 13485 质量管理体系认证'],
        images: [
          { src: '/about/cert-license.svg', alt: '医疗器械经营许可证' },
          { src: '/about/cert-business.svg', alt: '营业执照' },
          { src: '/about/cert-iso.svg', alt: 'ISO 13485 质量管理体系认证证书' },
        ],
      },
    ],
  },
  copyright: `© 2020-${new Date().getFullYear()} 苏州德泰口腔医疗器械有限公司 版权所有`,
} as const

/**
 * The company facts as they stand until marketing edits them (src/lib/rules/company.ts is their
 * schema; the build reads the current ones through companyFacts() in src/lib/build/data.ts).
 */
export const companyDefaults = {
  slogan: '口腔器械 · 耗材 · 培训一站式平台',
  description:
    '德泰口腔医疗：隐形矫治器、无痛麻醉注射仪、口内扫描仪与口腔耗材的正品采购平台，并提供正畸、种植、数字化口腔等专业培训课程。',
  hotline: '400-820-6688',
  postal: {
    region: '江苏省',
    locality: '苏州市',
    street: '工业园区星湖街328号创意产业园12栋5楼',
  },
  offices: [
    { name: '南京办事处', address: '南京市建邺区江东中路359号国睿大厦2号楼' },
    { name: '上海办事处', address: '上海市闵行区申长路990弄虹桥万科中心3号楼' },
  ],
  contacts: [
    { name: '王经理', role: '商务合作', phone: '13962118866', email: 'business@detai-dental.cn' },
    { name: '陈老师', role: '培训咨询', phone: '13771906622', email: 'training@detai-dental.cn' },
    { name: '刘工', role: '售后服务', phone: '0512-62886688', email: 'service@detai-dental.cn' },
  ],
  icp: '苏ICP备20001234号-1',
  qr: {
    app: { link: '/?from=app', image: '' },
    mp: { link: '/?from=mp', image: '' },
  },
  about: {
    intro: [
      '苏州德泰口腔医疗器械有限公司成立于2020年，总部位于江苏省苏州市，并在南京、上海设有办事处，是一家专注口腔医疗领域的器械、耗材与培训服务商。',
      '我们代理并销售隐形矫治器、无痛麻醉注射仪与麻醉注射剂、口内扫描仪、种植与修复耗材等产品，为口腔医院、门诊和医生提供从采购、安装、培训到售后的一站式服务。',
    ],
    productLines: [
      { title: '隐形矫治器', text: '数字化方案设计，医用级膜片，覆盖青少年与成人正畸。' },
      { title: '麻醉注射', text: '无痛麻醉注射仪与配套麻醉注射剂，让诊疗更舒适。' },
      { title: '口内扫描仪', text: '高精度数字印模，对接主流设计与加工软件。' },
      { title: '口腔耗材', text: '种植、修复、感控等诊所常用耗材，正品直供。' },
    ],
  },
}

/** A postal address as the company facts hold it (src/lib/rules/company.ts checks companyDefaults against its schema). */
type Postal = { region: string; locality: string; street: string }

/**
 * The head office's address in one line.
 * fullAddress({ region: '江苏省', locality: '苏州市', street: '星湖街328号' }) → '江苏省苏州市星湖街328号';
 * a municipality is named once: { region: '上海市', locality: '上海市', … } → '上海市…'
 */
export const fullAddress = (p: Postal) => `${p.region}${p.locality === p.region ? '' : p.locality}${p.street}`

/** The head office's city as pages name it: headCity({ locality: '苏州市', … }) → '苏州' (苏州总部). */
export const headCity = (p: Postal) => p.locality.replace(/市$/, '')

/** The seven tabs of the top navigation (accounts §2). */
export const navTabs = [
  { href: '/', label: '首页' },
  { href: '/product/', label: '产品' },
  { href: '/course/', label: '课程' },
  { href: '/association/', label: '社区' },
  { href: '/task/', label: '任务' },
  { href: '/about/', label: '关于平台' },
  { href: '/link/', label: '联系我们' },
] as const

/** The avatar dropdown of a signed-in user (accounts §2). */
export const userMenu = [
  { href: '/wo', label: '个人信息' },
  { href: '/courseedit', label: '课程管理' },
  { href: '/orderlist', label: '商品订单管理' },
  { href: '/taskadmin', label: '任务管理' },
  { href: '/associationadmin', label: '社区管理' },
  { href: '/safety', label: '账号与安全' },
] as const

/** The account side menu, numbered from 0 (accounts §2); "contact support" has no route. */
export const sideMenu = [
  { href: '/wo', label: '个人中心' },
  { href: '/message', label: '消息中心' },
  { href: '/account', label: '账号认证' },
  { href: '/orderlist', label: '商品订单' },
  { href: '/coupon', label: '我的优惠券' },
  { href: '/courseedit', label: '课程管理' },
  { href: '/taskadmin', label: '任务管理' },
  { href: '/associationadmin', label: '社区管理' },
  { href: '/fav', label: '我的收藏' },
  { href: '/address', label: '收货地址' },
  { href: '/invoice', label: '发票信息' },
  { href: '/safety', label: '账号与安全' },
  { href: '/question/', label: '常见问题' },
  { href: null, label: '联系客服' },
  { href: '/suggest', label: '投诉建议' },
  { href: '/cinfo', label: '客户信息' },
  { href: '/corder', label: '客户订单' },
] as const

export const footerLinks = [
  { href: '/about/', label: '关于我们' },
  { href: '/link/', label: '联系我们' },
  { href: '/question/', label: '常见问题' },
  { href: '/product/', label: '产品中心' },
  { href: '/course/', label: '培训课程' },
  { href: '/sitemap.xml', label: '网站地图' },
] as const
