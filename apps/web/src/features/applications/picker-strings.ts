/**
 * Texts of the picker fields (birth date, region, contact phone). Apart from strings.ts because
 * only the forms load them: strings.ts is read by the first screens, whose JavaScript has a budget.
 */
export const pickerStrings = {
  pickerConfirm: '确定',
  pickerCancel: '取消',
  datePlaceholder: (label: string) => `请选择${label}`,
  dateShown: (iso: string) => `${iso.slice(0, 4)}年${iso.slice(5, 7)}月${iso.slice(8, 10)}日`,
  dateColumn: { year: '年', month: '月', day: '日' },
  birthDateTitle: '选择出生日期',
  birthDateFromId: '已按身份证号码填写；如需更改，请先修改身份证号码',
  regionPlaceholder: '请选择省、市、区',
  regionTitle: '选择所在地区',
  regionLoading: '正在加载地区…',
  regionLoadFailed: '地区列表加载失败，请检查网络后重试',
  regionNotInList: (value: string) => `原填写的“${value}”不在地区列表中，请重新选择`,
  contactPhonePlaceholder: '手机号或固定电话',
  contactPhoneHint: '固定电话请加区号，如 010-12345678',

} as const;
