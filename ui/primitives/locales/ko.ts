import type { en } from './en';

export default {
  dismiss: '닫기',
  NETWORK_NOT_FOUND: '네트워크를 찾을 수 없음',
  NETWORK_NOT_FOUND_LONG: '네트워크가 옵션의 \'networks\' 배열에 있는지 확인하세요.',
  ORIGIN_NOT_ALLOWED: '잘못된 앱 구성',
  ORIGIN_NOT_ALLOWED_LONG: '이 출처는 프로젝트의 허용 목록에 없습니다. 제공자의 클라우드 대시보드에서 추가하세요.',
  INVALID_APP_CONFIGURATION: '잘못된 앱 구성',
  INVALID_APP_CONFIGURATION_LONG: '프로젝트 ID가 잘못되었습니다. projectId 옵션을 확인하세요.',
  SESSION_EXPIRED: '세션 만료',
  SESSION_EXPIRED_LONG: '세션이 유효하지 않습니다. 기기의 시간 설정을 확인한 후 다시 연결하세요.',
  PROJECT_ID_NOT_CONFIGURED: '프로젝트 ID가 구성되지 않음',
  SWITCH_NETWORK_NOT_FOUND: '전환할 네트워크를 찾을 수 없음',
} satisfies Partial<Record<keyof typeof en, string>>;
