import ExamPrepPostgres

/// The parts of a person's export (`GET /api/me/export`), each one array of the document,
/// read a page at a time. PostgreSQL writes each row's JSON object (`json_build_object`), so
/// the server only copies text; every statement names the person by `userID`, never by
/// anything the request sends. docs/DATA.md describes every field.
///
/// A page is the rows after `after` (the last row's `k1`, `k2`), ordered by them; every
/// statement returns `k1`, `k2` (bigint) and `doc` (text).
struct PersonalDataSection: Sendable {
    /// A row's place in its section: the key the next page starts after.
    typealias Key = (Int, Int)

    /// The document's field for this array.
    let name: String
    let page: @Sendable (_ userID: Int, _ after: Key, _ limit: Int) -> PostgresQuery

    /// Every section, in the document's order (after the single `account` object).
    static let all: [PersonalDataSection] = [
        enrollments, teaching, attempts, answers, attemptEvents, focusPeriods, practiceSessions, practiceAnswers, reviewCards, sessions,
        schoolIdentities, accommodations, examOverrides, courseInvitations, invitations, auditEntries,
    ]

    /// The account itself: one object.
    static func account(userID: Int) -> PostgresQuery {
        """
        SELECT json_build_object(
            'id', u.id, 'email', u.email, 'name', u.name, 'studentNumber', u.student_number, 'role', r.name,
            'language', u.language, 'origin', u.origin, 'createdAt', u.created_at, 'updatedAt', u.updated_at,
            'disabledAt', u.disabled_at, 'createdBy', u.created_by)::text AS doc
        FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.id = \(userID)
        """
    }

    static let enrollments = PersonalDataSection(name: "enrollments") { userID, after, limit in
        """
        SELECT en.id AS k1, 0::bigint AS k2, json_build_object(
            'courseId', c.id, 'courseName', c.name, 'courseCode', c.course_code, 'enrolledAt', en.enrollment_date)::text AS doc
        FROM enrollments en JOIN courses c ON c.id = en.course_id
        WHERE en.user_id = \(userID) AND en.id > \(after.0)
        ORDER BY en.id LIMIT \(limit)
        """
    }

    static let teaching = PersonalDataSection(name: "coursesTaught") { userID, after, limit in
        """
        SELECT c.id AS k1, 0::bigint AS k2, json_build_object(
            'courseId', c.id, 'name', c.name, 'code', c.course_code, 'createdAt', c.created_at)::text AS doc
        FROM courses c
        WHERE c.user_id = \(userID) AND c.id > \(after.0)
        ORDER BY c.id LIMIT \(limit)
        """
    }

    static let attempts = PersonalDataSection(name: "attempts") { userID, after, limit in
        """
        SELECT a.id AS k1, 0::bigint AS k2, json_build_object(
            'id', a.id, 'examId', e.id, 'examTitle', e.title, 'courseId', e.course_id, 'number', a.number,
            'startedAt', a.started_at, 'deadline', a.deadline, 'submittedAt', a.submitted_at,
            'autoSubmitted', a.auto_submitted, 'extensionMinutes', a.extension_minutes, 'score', a.score,
            'maxScore', a.max_score, 'needsGrading', a.needs_grading)::text AS doc
        FROM attempts a JOIN exams e ON e.id = a.exam_id
        WHERE a.student_id = \(userID) AND a.id > \(after.0)
        ORDER BY a.id LIMIT \(limit)
        """
    }

    static let answers = PersonalDataSection(name: "answers") { userID, after, limit in
        """
        SELECT a.id AS k1, aq.question_id AS k2, json_build_object(
            'attemptId', a.id, 'questionId', aq.question_id, 'position', aq.position, 'prompt', q.prompt,
            'maxPoints', aq.points, 'response', an.response, 'savedAt', an.saved_at, 'correct', r.correct,
            'points', r.points, 'feedback', r.feedback, 'pendingGrading', r.pending, 'gradersComment', r.comment,
            'gradedAt', r.graded_at)::text AS doc
        FROM attempts a
        JOIN attempt_questions aq ON aq.attempt_id = a.id
        JOIN questions q ON q.id = aq.question_id
        LEFT JOIN answers an ON an.attempt_id = a.id AND an.question_id = aq.question_id
        LEFT JOIN attempt_results r ON r.attempt_id = a.id AND r.question_id = aq.question_id
        WHERE a.student_id = \(userID) AND (a.id, aq.question_id) > (\(after.0), \(after.1))
          AND (an.attempt_id IS NOT NULL OR r.attempt_id IS NOT NULL)
        ORDER BY a.id, aq.question_id LIMIT \(limit)
        """
    }

    static let attemptEvents = PersonalDataSection(name: "attemptEvents") { userID, after, limit in
        """
        SELECT ev.id AS k1, 0::bigint AS k2, json_build_object(
            'attemptId', ev.attempt_id, 'at', ev.at, 'kind', ev.kind, 'detail', ev.detail, 'repeats', ev.repeats)::text AS doc
        FROM attempt_events ev JOIN attempts a ON a.id = ev.attempt_id
        WHERE a.student_id = \(userID) AND ev.id > \(after.0)
        ORDER BY ev.id LIMIT \(limit)
        """
    }

    /// When the attempt page saw the person leave it and come back.
    static let focusPeriods = PersonalDataSection(name: "attemptFocusPeriods") { userID, after, limit in
        """
        SELECT f.id AS k1, 0::bigint AS k2, json_build_object(
            'attemptId', f.attempt_id, 'leftAt', f.left_at, 'backAt', f.back_at, 'receivedAt', f.received_at)::text AS doc
        FROM attempt_focus_periods f JOIN attempts a ON a.id = f.attempt_id
        WHERE a.student_id = \(userID) AND f.id > \(after.0)
        ORDER BY f.id LIMIT \(limit)
        """
    }

    static let practiceSessions = PersonalDataSection(name: "practiceSessions") { userID, after, limit in
        """
        SELECT p.id AS k1, 0::bigint AS k2, json_build_object(
            'id', p.id, 'courseId', p.course_id, 'topic', p.topic, 'onlyMistakes', p.only_mistakes, 'onlyDue', p.only_due,
            'startedAt', p.started_at, 'lastAnswerAt', p.last_answer_at)::text AS doc
        FROM practice_sessions p
        WHERE p.student_id = \(userID) AND p.id > \(after.0)
        ORDER BY p.id LIMIT \(limit)
        """
    }

    static let practiceAnswers = PersonalDataSection(name: "practiceAnswers") { userID, after, limit in
        """
        SELECT pa.practice_id AS k1, pa.question_id AS k2, json_build_object(
            'practiceSessionId', pa.practice_id, 'questionId', pa.question_id, 'prompt', q.prompt, 'response', pa.response,
            'correct', pa.correct, 'points', pa.points, 'seconds', pa.seconds, 'rating', pa.rating,
            'answeredAt', pa.answered_at)::text AS doc
        FROM practice_answers pa JOIN questions q ON q.id = pa.question_id
        WHERE pa.student_id = \(userID) AND (pa.practice_id, pa.question_id) > (\(after.0), \(after.1))
        ORDER BY pa.practice_id, pa.question_id LIMIT \(limit)
        """
    }

    static let reviewCards = PersonalDataSection(name: "reviewCards") { userID, after, limit in
        """
        SELECT rs.family_id AS k1, 0::bigint AS k2, json_build_object(
            'questionFamilyId', rs.family_id, 'courseId', rs.course_id, 'state', rs.state, 'stability', rs.stability,
            'difficulty', rs.difficulty, 'due', rs.due, 'lastReview', rs.last_review, 'reviews', rs.reviews,
            'lapses', rs.lapses)::text AS doc
        FROM review_schedules rs
        WHERE rs.student_id = \(userID) AND rs.family_id > \(after.0)
        ORDER BY rs.family_id LIMIT \(limit)
        """
    }

    static let sessions = PersonalDataSection(name: "sessions") { userID, after, limit in
        """
        SELECT s.seq AS k1, 0::bigint AS k2, json_build_object(
            'id', s.id, 'createdAt', s.created_at, 'lastUsedAt', s.last_used_at, 'expiresAt', s.expires_at,
            'revokedAt', s.revoked_at, 'userAgent', s.user_agent, 'browser', s.web_token_hash IS NOT NULL)::text AS doc
        FROM sessions s
        WHERE s.user_id = \(userID) AND s.seq > \(after.0)
        ORDER BY s.seq LIMIT \(limit)
        """
    }

    /// A person has one identity per school issuer at most: the place in the list is the
    /// issuer's order, which `k1` numbers.
    static let schoolIdentities = PersonalDataSection(name: "schoolIdentities") { userID, after, limit in
        """
        SELECT k1, 0::bigint AS k2, doc FROM (
            SELECT row_number() OVER (ORDER BY si.issuer) AS k1, json_build_object(
                'issuer', si.issuer, 'email', si.email, 'linkedAt', si.linked_at, 'lastUsedAt', si.last_used_at)::text AS doc
            FROM school_identities si WHERE si.user_id = \(userID)
        ) numbered
        WHERE k1 > \(after.0)
        ORDER BY k1 LIMIT \(limit)
        """
    }

    static let accommodations = PersonalDataSection(name: "accommodations") { userID, after, limit in
        """
        SELECT ac.course_id AS k1, 0::bigint AS k2, json_build_object(
            'courseId', ac.course_id, 'timeMultiplier', ac.time_multiplier, 'extraMinutes', ac.extra_minutes,
            'note', ac.note, 'gradeThresholdOffsetPercent', ac.grade_threshold_offset_percent)::text AS doc
        FROM accommodations ac
        WHERE ac.student_id = \(userID) AND ac.course_id > \(after.0)
        ORDER BY ac.course_id LIMIT \(limit)
        """
    }

    static let examOverrides = PersonalDataSection(name: "examOverrides") { userID, after, limit in
        """
        SELECT o.exam_id AS k1, 0::bigint AS k2, json_build_object(
            'examId', o.exam_id, 'extraAttempts', o.extra_attempts, 'opensAt', o.opens_at, 'closesAt', o.closes_at,
            'timeLimitMinutes', o.time_limit_minutes)::text AS doc
        FROM exam_overrides o
        WHERE o.student_id = \(userID) AND o.exam_id > \(after.0)
        ORDER BY o.exam_id LIMIT \(limit)
        """
    }

    static let courseInvitations = PersonalDataSection(name: "classListInvitations") { userID, after, limit in
        """
        SELECT ci.course_id AS k1, 0::bigint AS k2, json_build_object(
            'courseId', ci.course_id, 'courseName', c.name, 'invitedBy', ci.invited_by, 'createdAt', ci.created_at)::text AS doc
        FROM course_invitations ci JOIN courses c ON c.id = ci.course_id
        WHERE ci.user_id = \(userID) AND ci.course_id > \(after.0)
        ORDER BY ci.course_id LIMIT \(limit)
        """
    }

    static let invitations = PersonalDataSection(name: "invitations") { userID, after, limit in
        """
        SELECT i.id AS k1, 0::bigint AS k2, json_build_object(
            'id', i.id, 'email', i.email, 'role', r.name, 'invitedBy', i.invited_by, 'createdAt', i.created_at,
            'expiresAt', i.expires_at, 'acceptedAt', i.accepted_at, 'revokedAt', i.revoked_at)::text AS doc
        FROM invitations i JOIN roles r ON r.id = i.role_id
        WHERE (i.accepted_user_id = \(userID)
               OR i.email_key = (SELECT coalesce(u.email_key, lower(u.email)) FROM users u WHERE u.id = \(userID)))
          AND i.id > \(after.0)
        ORDER BY i.id LIMIT \(limit)
        """
    }

    static let auditEntries = PersonalDataSection(name: "auditEntries") { userID, after, limit in
        """
        SELECT au.id AS k1, 0::bigint AS k2, json_build_object(
            'id', au.id, 'at', au.at, 'action', au.action, 'actorId', au.actor_id, 'actorEmail', au.actor_email,
            'targetUserId', au.target_user_id, 'targetEmail', au.target_email, 'courseId', au.course_id,
            'courseName', au.course_name, 'clientAddress', au.client_address)::text AS doc
        FROM admin_audit au
        WHERE (au.target_user_id = \(userID) OR au.actor_id = \(userID)) AND au.id > \(after.0)
        ORDER BY au.id LIMIT \(limit)
        """
    }
}
