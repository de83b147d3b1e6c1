/**
 * Texts of the programme entries' preview and of their full details. Apart from strings.ts, which
 * the home screen loads: these load with the forms and result pages only.
 */
export const previewStrings = {
  preview: '预览',
  previewTitle: '确认提交',
  previewHint: '请核对以下信息，确认无误后提交；如需修改，点“修改”返回对应步骤。',
  backToEdit: '返回修改',
  edit: '修改',
  basicSection: '基本信息',
  workSection: '工作信息',
  materialsSection: '材料',
  companySection: '企业信息',
  contactSection: '联系方式',
  companyMaterials: '简介与证照',
  workMaterials: '作品材料',
} as const;
