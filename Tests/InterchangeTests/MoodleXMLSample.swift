import Foundation

/// A Moodle 4.x question bank export, written by hand in the layout Moodle's
/// `question/format/xml` writes: a category entry before its questions, CDATA HTML text,
/// `<answer fraction="…" format="…">`, `<single>`, `<shuffleanswers>`, `<answernumbering>`,
/// `<hidden>`, `<idnumber>`, combined feedback, hints, tags and an embedded picture.
enum MoodleXMLSample {
    static let moodle4 = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <quiz>
        <!-- question: 0  -->
          <question type="category">
            <category>
              <text>$course$/top/Default for Physics 101/Mechanics</text>
            </category>
            <info format="moodle_auto_format">
              <text>Default category for questions shared in context 'Physics 101'.</text>
            </info>
            <idnumber></idnumber>
          </question>

        <!-- question: 101  -->
          <question type="multichoice">
            <name>
              <text>Speed of light</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p dir="ltr" style="text-align: left;">What is the speed of light in vacuum, \(c\)?<br></p><p><img src="@@PLUGINFILE@@/light.png" alt="A beam of light" width="20" height="20" class="img-fluid atto_image_button_text-bottom"></p>]]></text>
              <file name="light.png" path="/" encoding="base64">iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==</file>
            </questiontext>
            <generalfeedback format="html">
              <text><![CDATA[<p>About $$3 \times 10^8$$ m/s.</p>]]></text>
            </generalfeedback>
            <defaultgrade>2.0000000</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber>PHY-1</idnumber>
            <single>true</single>
            <shuffleanswers>true</shuffleanswers>
            <answernumbering>abc</answernumbering>
            <showstandardinstruction>0</showstandardinstruction>
            <correctfeedback format="html">
              <text>Your answer is correct.</text>
            </correctfeedback>
            <partiallycorrectfeedback format="html">
              <text>Your answer is partially correct.</text>
            </partiallycorrectfeedback>
            <incorrectfeedback format="html">
              <text>Your answer is incorrect.</text>
            </incorrectfeedback>
            <shownumcorrect/>
            <answer fraction="100" format="html">
              <text><![CDATA[<p>\(3 \cdot 10^8\) m/s</p>]]></text>
              <feedback format="html">
                <text><![CDATA[<p>Right.</p>]]></text>
              </feedback>
            </answer>
            <answer fraction="0" format="html">
              <text><![CDATA[<p>340 m/s</p>]]></text>
              <feedback format="html">
                <text><![CDATA[<p>That is <b>sound</b>.</p>]]></text>
              </feedback>
            </answer>
            <answer fraction="-33.33333" format="html">
              <text>&lt;p&gt;Infinite&lt;/p&gt;</text>
              <feedback format="html">
                <text></text>
              </feedback>
            </answer>
            <hint format="html">
              <text><![CDATA[<p>Think of lasers.</p>]]></text>
            </hint>
            <tags>
              <tag><text>light</text>
        </tag>
              <tag><text>constants</text>
        </tag>
            </tags>
          </question>

        <!-- question: 102  -->
          <question type="multichoice">
            <name>
              <text>Vectors</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>Which are vectors?</p><ul><li>pick all</li></ul><script>alert(1)</script>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>1.0000000</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <single>false</single>
            <shuffleanswers>true</shuffleanswers>
            <answernumbering>abc</answernumbering>
            <showstandardinstruction>0</showstandardinstruction>
            <correctfeedback format="html"><text></text></correctfeedback>
            <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>
            <incorrectfeedback format="html"><text></text></incorrectfeedback>
            <answer fraction="50" format="html"><text><![CDATA[<p>Velocity</p>]]></text><feedback format="html"><text></text></feedback></answer>
            <answer fraction="50" format="html"><text><![CDATA[<p>Force</p>]]></text><feedback format="html"><text></text></feedback></answer>
            <answer fraction="-100" format="html"><text><![CDATA[<p>Mass</p>]]></text><feedback format="html"><text></text></feedback></answer>
          </question>

        <!-- question: 103  -->
          <question type="truefalse">
            <name>
              <text>Gravity</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>\(g \approx 9.81\) m/s<sup>2</sup> on Earth.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>1.0000000</defaultgrade>
            <penalty>1.0000000</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <answer fraction="100" format="moodle_auto_format">
              <text>true</text>
              <feedback format="html">
                <text><![CDATA[<p>Yes.</p>]]></text>
              </feedback>
            </answer>
            <answer fraction="0" format="moodle_auto_format">
              <text>false</text>
              <feedback format="html">
                <text><![CDATA[<p>It is.</p>]]></text>
              </feedback>
            </answer>
          </question>

        <!-- question: 0  -->
          <question type="category">
            <category>
              <text>$course$/top/Default for Physics 101/Mechanics/Units</text>
            </category>
            <info format="html">
              <text></text>
            </info>
            <idnumber></idnumber>
          </question>

        <!-- question: 104  -->
          <question type="shortanswer">
            <name>
              <text>SI unit of force</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>The SI unit of force is the _____.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>1.0000000</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <usecase>0</usecase>
            <answer fraction="100" format="moodle_auto_format">
              <text>newton</text>
              <feedback format="html">
                <text></text>
              </feedback>
            </answer>
            <answer fraction="50" format="moodle_auto_format">
              <text>N</text>
              <feedback format="html">
                <text><![CDATA[<p>Write the name.</p>]]></text>
              </feedback>
            </answer>
          </question>

        <!-- question: 105  -->
          <question type="numerical">
            <name>
              <text>Pi</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>\(\pi\) to two decimals?</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>1.0000000</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <answer fraction="100" format="moodle_auto_format">
              <text>3.14</text>
              <feedback format="html">
                <text></text>
              </feedback>
              <tolerance>0.005</tolerance>
            </answer>
            <answer fraction="0" format="moodle_auto_format">
              <text>*</text>
              <feedback format="html">
                <text><![CDATA[<p>Not quite.</p>]]></text>
              </feedback>
              <tolerance>0</tolerance>
            </answer>
            <unitgradingtype>0</unitgradingtype>
            <unitpenalty>0.1000000</unitpenalty>
            <showunits>3</showunits>
            <unitsleft>0</unitsleft>
          </question>

        <!-- question: 106  -->
          <question type="match">
            <name>
              <text>Capitals</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>Match the country to its capital.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>3.0000000</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <shuffleanswers>true</shuffleanswers>
            <correctfeedback format="html"><text>Your answer is correct.</text></correctfeedback>
            <partiallycorrectfeedback format="html"><text>Your answer is partially correct.</text></partiallycorrectfeedback>
            <incorrectfeedback format="html"><text>Your answer is incorrect.</text></incorrectfeedback>
            <shownumcorrect/>
            <subquestion format="html">
              <text><![CDATA[<p>Poland</p>]]></text>
              <answer>
                <text>Warsaw</text>
              </answer>
            </subquestion>
            <subquestion format="html">
              <text><![CDATA[<p>France</p>]]></text>
              <answer>
                <text>Paris</text>
              </answer>
            </subquestion>
            <subquestion format="html">
              <text></text>
              <answer>
                <text>Berlin</text>
              </answer>
            </subquestion>
          </question>

        <!-- question: 107  -->
          <question type="essay">
            <name>
              <text>Energy</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>Explain conservation of energy.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>5.0000000</defaultgrade>
            <penalty>0.0000000</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <responseformat>editor</responseformat>
            <responserequired>1</responserequired>
            <responsefieldlines>10</responsefieldlines>
            <minwordlimit></minwordlimit>
            <maxwordlimit></maxwordlimit>
            <attachments>0</attachments>
            <attachmentsrequired>0</attachmentsrequired>
            <maxbytes>0</maxbytes>
            <filetypeslist></filetypeslist>
            <graderinfo format="html">
              <text><![CDATA[<p>Mention kinetic and potential energy.</p>]]></text>
            </graderinfo>
            <responsetemplate format="html">
              <text></text>
            </responsetemplate>
          </question>

        <!-- question: 108  -->
          <question type="description">
            <name>
              <text>Part B</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<h3>Part B</h3><p>Questions on heat.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>0.0000000</defaultgrade>
            <penalty>0.0000000</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
          </question>

        <!-- question: 109  -->
          <question type="multianswer">
            <name>
              <text>Cloze</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>{1:SHORTANSWER:=Berlin} is the capital.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
          </question>

        <!-- question: 110  -->
          <question type="ddwtos">
            <name>
              <text>Drag words</text>
            </name>
            <questiontext format="html">
              <text><![CDATA[<p>The [[1]] is blue.</p>]]></text>
            </questiontext>
            <generalfeedback format="html">
              <text></text>
            </generalfeedback>
            <defaultgrade>1.0000000</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
            <shuffleanswers>1</shuffleanswers>
            <dragbox>
              <text>sky</text>
              <group>1</group>
            </dragbox>
          </question>

        </quiz>
        """#
}
