import { formatFileInfo } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { FILE_INFO_FIELD, readFileInfo } from './file-info';

describe('readFileInfo (SPEC §5 crop confirm)', () => {
  const value = '17||/upload/temp/2026/11||a.png||2||profile||insert||c9';
  const expected = {
    temp_file_sn: '17',
    temp_file_path_nm: '/upload/temp/2026/11',
    temp_file_nm: 'a.png',
    temp_fileSelect_no: '2',
    temp_type: 'profile',
    temp_insert_mode: 'insert',
    temp_comm_key: 'c9',
  };

  it("splits the hidden field's value on '||' into the file-info fields", () => {
    expect(readFileInfo(value)).toEqual(expected);
    expect(formatFileInfo(expected)).toBe(value);
  });

  it('reads the field from the popup form data', () => {
    const form = new FormData();
    form.append(FILE_INFO_FIELD, value);
    expect(FILE_INFO_FIELD).toBe('fileInfo');
    expect(readFileInfo(form)).toEqual(expected);
  });

  it('fills missing trailing parts with empty strings', () => {
    expect(readFileInfo('5||/p')).toMatchObject({ temp_file_sn: '5', temp_file_path_nm: '/p', temp_file_nm: '', temp_comm_key: '' });
  });

  it('is null without a value', () => {
    expect(readFileInfo('')).toBeNull();
    expect(readFileInfo(new FormData())).toBeNull();
    expect(readFileInfo(null)).toBeNull();
  });
});
