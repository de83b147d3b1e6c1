import { act, fireEvent, screen } from '@testing-library/react';
import { regionPath, loadRegions, type RankUserForm } from '@qgw/contracts';
import { pickRegion } from '../../applications/testing/pickers.js';

/** Types into the labelled text field (input or textarea). */
export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

export const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

export const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

/** Fills step 1 the way a user would, from the labels on the screen (the birth date comes from the ID number). */
export async function fillPersonal(form: RankUserForm) {
  type('姓名', form.name);
  type('身份证号码', form.idNumber);
  await act(async () => fireEvent.click(screen.getByLabelText(form.gender === 'male' ? '男' : '女')));
  choose('政治面貌', form.politicalStatus);
  choose('学历', form.education);
  type('工作单位', form.organization);
  type('职务', form.position);
  await pickRegion('所在地区', regionPath(await loadRegions(), form.region) ?? []);
  type('联系电话', form.contactMobile);
}

export const pickFiles = async (label: string, files: File[]) => {
  const input = screen.getByLabelText(label, { exact: false, selector: 'input[type=file]' });
  await act(async () => fireEvent.change(input, { target: { files } }));
};
