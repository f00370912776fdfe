import ExamPrepShared
import Hummingbird

// The shared DTOs are the bodies of the API's answers: handlers return them (or an
// `EditedResponse` of them for another status), and the context's `APIResponseEncoder`
// writes them. ExamPrepShared does not depend on Hummingbird, so the conformances live here.

extension AttemptResult: ResponseEncodable {}
extension Course: ResponseEncodable {}
extension CreateCourseResponse: ResponseEncodable {}
extension EnrollResponse: ResponseEncodable {}
extension Exam: ResponseEncodable {}
extension LoginResponse: ResponseEncodable {}
extension RegistrationResponse: ResponseEncodable {}
extension SaveAnswersResponse: ResponseEncodable {}
extension StudentAttempt: ResponseEncodable {}
extension SuccessResponse: ResponseEncodable {}
extension UserProfile: ResponseEncodable {}
extension Accommodation: ResponseEncodable {}
extension ExamOverride: ResponseEncodable {}
extension FacultyAttemptSummary: ResponseEncodable {}
extension EssayGradeResponse: ResponseEncodable {}
extension EssayToGrade: ResponseEncodable {}
extension Question: ResponseEncodable {}
extension QuestionImportReport: ResponseEncodable {}
extension ClassListImport: ResponseEncodable {}
extension RegradeChange: ResponseEncodable {}
extension PracticeSession: ResponseEncodable {}
extension PracticeFeedback: ResponseEncodable {}
extension PracticeMarkingResult: ResponseEncodable {}
extension AttemptFlags: ResponseEncodable {}
extension AttemptSummary: ResponseEncodable {}
extension OneTimeLink: ResponseEncodable {}
extension AcceptedInvitation: ResponseEncodable {}
extension SignInLink: ResponseEncodable {}
extension CourseInvitation: ResponseEncodable {}
