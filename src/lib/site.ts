/** Everything the chrome says about the company: one place, not literals across pages. */
export const site = {
  name: '德泰口腔医疗',
  fullName: '苏州德泰口腔医疗器械有限公司',
  slogan: '口腔器械 · 耗材 · 培训一站式平台',
  description:
    '德泰口腔医疗：隐形矫治器、无痛麻醉注射仪、口内扫描仪与口腔耗材的正品采购平台，并提供正畸、种植、数字化口腔等专业培训课程。',
  founded: 2020,
  hotline: '400-820-6688',
  address: '江苏省苏州市工业园区星湖街328号创意产业园12栋5楼',
  offices: [
    '南京办事处：南京市建邺区江东中路359号国睿大厦2号楼',
    '上海办事处：上海市闵行区申长路990弄虹桥万科中心3号楼',
  ],
  contacts: [
    { name: '王经理', role: '商务合作', phone: '13962118866', email: 'business@detai-dental.cn' },
    { name: '陈老师', role: '培训咨询', phone: '13771906622', email: 'training@detai-dental.cn' },
    { name: '刘工', role: '售后服务', phone: '0512-62886688', email: 'service@detai-dental.cn' },
  ],
  /** The contact map's fixed centre (storefront §9: zoom 18). */
  map: { lng: 120.7368, lat: 31.3245, zoom: 18, label: '德泰口腔医疗（苏州总部）' },
  icp: '苏ICP备20001234号-1',
  copyright: `© 2020-${new Date().getFullYear()} 苏州德泰口腔医疗器械有限公司 版权所有`,
} as const

/** The seven tabs of the top navigation (accounts §2). */
export const navTabs = [
  { href: '/', label: '首页' },
  { href: '/product', label: '产品' },
  { href: '/course', label: '课程' },
  { href: '/association', label: '社区' },
  { href: '/task', label: '任务' },
  { href: '/about', label: '关于平台' },
  { href: '/link', label: '联系我们' },
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
  { href: '/courseedit', label: '课程管理' },
  { href: '/taskadmin', label: '任务管理' },
  { href: '/associationadmin', label: '社区管理' },
  { href: '/fav', label: '我的收藏' },
  { href: '/address', label: '收货地址' },
  { href: '/invoice', label: '发票信息' },
  { href: '/safety', label: '账号与安全' },
  { href: '/question', label: '常见问题' },
  { href: null, label: '联系客服' },
  { href: '/suggest', label: '投诉建议' },
  { href: '/cinfo', label: '客户信息' },
  { href: '/corder', label: '客户订单' },
] as const

export const footerLinks = [
  { href: '/about', label: '关于我们' },
  { href: '/link', label: '联系我们' },
  { href: '/question', label: '常见问题' },
  { href: '/product', label: '产品中心' },
  { href: '/course', label: '培训课程' },
  { href: '/sitemap.xml', label: '网站地图' },
] as const
